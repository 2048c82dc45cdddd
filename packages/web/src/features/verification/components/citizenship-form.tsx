import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { countriesForPicker } from '@touchline/contracts/countries';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';

const countries = countriesForPicker();

/**
 * The citizenship a league's abroad rule reads (save-citizenship-data, ADR 039 "Citizenship"), asked in the age
 * verification panel before any document, so the member knows what to show before taking the photo.
 */
export function CitizenshipForm({ profileId }: { profileId: string }) {
  const queryClient = useQueryClient();
  const [countryCode, setCountryCode] = useState('');
  const [isCitizen, setIsCitizen] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api.post('/api/app/profile/save-citizenship-data', { profileId, countryCode, isCitizen }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['age-verification'] }),
    onError: (err) => setError(err instanceof ApiError ? err.message : 'The citizenship could not be saved.'),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(countryCode ? null : 'Choose the country');
    if (countryCode) save.mutate();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2" aria-label="Citizenship">
      <p className="text-sm">
        This league asks more of a member born abroad. Say where the member is a citizen first; the documents
        asked then show here.
      </p>
      <SelectField
        name="countryCode"
        label="Country of citizenship"
        required
        options={[
          { value: '', label: 'Choose a country' },
          ...countries.map((c) => ({ value: c.code, label: c.name })),
        ]}
        value={countryCode}
        onValueChange={setCountryCode}
        error={error === 'Choose the country' ? error : undefined}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={isCitizen} onChange={(e) => setIsCitizen(e.currentTarget.checked)} />
        The member is a citizen of this country
      </label>
      {error && error !== 'Choose the country' ? <Alert>{error}</Alert> : null}
      <Button
        type="submit"
        variant="secondary"
        label={save.isPending ? 'Saving…' : 'Save the citizenship'}
        disabled={save.isPending}
      />
    </form>
  );
}
