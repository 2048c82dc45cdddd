import { useQuery } from '@tanstack/react-query';
import { trainingCoursesSchema } from '@touchline/contracts/abuse-prevention-training';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/organization/{id}/training-courses: the course provider's courses a training definition may name. */
export const useTrainingCourses = (organizationId: string | null) =>
  useQuery({
    queryKey: ['training', 'courses', organizationId],
    queryFn: () =>
      api.get(`/api/app/organization/${encodeURIComponent(organizationId ?? '')}/training-courses`, {
        schema: trainingCoursesSchema,
      }),
    enabled: Boolean(organizationId),
    retry: false,
  });
