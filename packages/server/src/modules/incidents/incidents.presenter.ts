import {
  mandatoryReportingDuty,
  type Incident,
  type IncidentStatus,
  type InvolvedRole,
} from '@touchline/contracts/incidents';
import type { incidentParts, incidentRows } from './incidents.queries.ts';

type Row = Awaited<ReturnType<typeof incidentRows>>[number];
type Parts = Awaited<ReturnType<typeof incidentParts>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A change of assignee reads as names (`assignee`), the rest as stored. */
function readableChanges(
  changes: Record<string, { from: unknown; to: unknown }>,
  names: Map<string, string>,
) {
  const name = (v: unknown) => (typeof v === 'string' ? (names.get(v) ?? 'Unknown') : null);
  const { assigneeProfileId, ...rest } = changes;
  return assigneeProfileId
    ? { ...rest, assignee: { from: name(assigneeProfileId.from), to: name(assigneeProfileId.to) } }
    : rest;
}

/**
 * An incident as the caller may see it (ADR 040): a manager sees everything; its reporter sees the report, its state
 * and documents, never the history or the assignee.
 */
export function presentIncident(
  { incident: i, levelName }: Row,
  parts: Parts,
  names: Map<string, string>,
  access: 'manager' | 'reporter',
): Incident {
  const manager = access === 'manager';
  return {
    id: i.id,
    type: i.typeCode,
    typeName: i.typeName,
    typeDescription: i.typeDescription,
    status: i.status as IncidentStatus,
    occurredAt: i.occurredAt.toISOString(),
    hierarchyLevelId: i.hierarchyLevelId,
    levelName,
    venue: i.venue,
    involved: parts.people
      .filter((p) => p.incidentId === i.id)
      .map((p) => ({ profileId: p.profileId, name: p.name, role: p.role as InvolvedRole })),
    whatHappened: i.whatHappened,
    actionTaken: i.actionTaken,
    reportedBy: { profileId: i.reportedByProfileId, name: names.get(i.reportedByProfileId) ?? 'Unknown' },
    reportedAt: i.createdAt.toISOString(),
    assignee:
      manager && i.assigneeProfileId
        ? { profileId: i.assigneeProfileId, name: names.get(i.assigneeProfileId) ?? 'Unknown' }
        : null,
    triageDueAt: i.triageDueAt.toISOString(),
    mandatoryReport: i.mandatoryReportDueAt
      ? {
          duty: mandatoryReportingDuty,
          dueBy: i.mandatoryReportDueAt.toISOString(),
          authoritiesReportedAt: iso(i.authoritiesReportedAt),
          authoritiesReportedTo: i.authoritiesReportedTo,
          safeSportReportedAt: iso(i.safeSportReportedAt),
          safeSportReference: i.safeSportReference,
        }
      : null,
    documents: parts.documents
      .filter((d) => d.incidentId === i.id)
      .map((d) => ({
        id: d.id,
        fileName: d.fileName,
        contentType: d.contentType,
        byteSize: d.byteSize,
        uploadedAt: d.createdAt.toISOString(),
      })),
    history: manager
      ? parts.history
          .filter((h) => h.incidentId === i.id)
          .map((h) => ({
            id: h.id,
            at: h.createdAt.toISOString(),
            actorName: h.actorName,
            action: h.action,
            changes: readableChanges(h.changes, names),
            note: h.note,
          }))
      : [],
    access,
    archived: i.archivedAt !== null,
  };
}
