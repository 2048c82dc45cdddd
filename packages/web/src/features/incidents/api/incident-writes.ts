import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  incidentSchema,
  type Incident,
  type ReportIncidentBody,
  type UpdateIncidentBody,
} from '@touchline/contracts/incidents';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { conditionsKey, incidentApi, incidentsKey } from './incident-paths.ts';

/** POST incident: a new report. */
export async function reportIncident(body: ReportIncidentBody): Promise<Incident> {
  const answer = await api.post(`${incidentApi}/incident`, body, { schema: incidentSchema });
  if (!answer) throw new Error('The report answer was empty');
  return answer;
}

/** PUT {id}/incident: a change (each one a history entry). */
export async function updateIncident(id: string, body: UpdateIncidentBody): Promise<Incident> {
  const answer = await api.put(`${incidentApi}/${encodeURIComponent(id)}/incident`, body, {
    schema: incidentSchema,
  });
  if (!answer) throw new Error('The update answer was empty');
  return answer;
}

/** POST {id}/incident-document: photos and medical notes. */
export async function uploadIncidentDocuments(id: string, files: readonly File[]): Promise<Incident> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const answer = await api.post(`${incidentApi}/${encodeURIComponent(id)}/incident-document`, form, {
    schema: incidentSchema,
  });
  if (!answer) throw new Error('The upload answer was empty');
  return answer;
}

/**
 * Opens a blob the API serves only with the Bearer token (an incident document, a clearance) in a new tab; a
 * plain link could not carry the token.
 */
export async function openProtectedBlob(path: string): Promise<void> {
  const token = await session.getAccessToken();
  if (!token) throw new ApiError(401, 'You are not signed in.');
  const opened = window.open('', '_blank');
  const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    opened?.close();
    throw new ApiError(response.status, `The file could not be opened (HTTP ${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The incident writes as mutations; each refreshes every incident read and the conditions it may have set. */
export function useIncidentWrites() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: incidentsKey }),
      queryClient.invalidateQueries({ queryKey: conditionsKey }),
    ]);
  return {
    report: useMutation({ mutationFn: reportIncident, onSuccess: refresh }),
    update: useMutation({
      mutationFn: (input: { id: string; body: UpdateIncidentBody }) => updateIncident(input.id, input.body),
      onSuccess: refresh,
    }),
    upload: useMutation({
      mutationFn: (input: { id: string; files: File[] }) => uploadIncidentDocuments(input.id, input.files),
      onSuccess: refresh,
    }),
  };
}
