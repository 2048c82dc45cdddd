import { useId } from 'react';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useTrainingCourses } from '../api/get-training-courses.ts';
import { inputClass, labelClass } from './content-format.ts';
import { FieldError } from './field-error.tsx';

type Props = {
  courseId: string;
  error: string | undefined;
  onChoose: (courseId: string | null, courseName: string | null) => void;
};

/**
 * The course an abuse-prevention training definition sends members to, chosen from the course provider's list
 * (GET {id}/training-courses through the training port; the sandbox's courses in a sandbox). Empty = the
 * deployment's default course. When the list cannot be read, the course id can still be typed.
 */
export function TrainingCourseField({ courseId, error, onChoose }: Props) {
  const id = useId();
  const profile = useActiveProfile();
  const courses = useTrainingCourses(profile.data?.organizationId ?? null);
  if (profile.isLoading || courses.isLoading)
    return <p className="text-sm">Loading the provider’s courses…</p>;
  if (!courses.data)
    return (
      <div className="space-y-2">
        <p className="text-sm">
          The course provider’s list could not be read here; enter the course id, or leave it empty for the
          default course.
        </p>
        <label htmlFor={`${id}-course-id`} className={labelClass}>
          Course id at the provider
        </label>
        <input
          id={`${id}-course-id`}
          className={inputClass}
          value={courseId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChoose(e.currentTarget.value || null, null)}
        />
        <FieldError id={`${id}-course-error`} message={error} />
      </div>
    );
  const { courses: list, defaultCourseId, sandbox } = courses.data;
  const fallbackName = list.find((c) => c.id === defaultCourseId)?.name ?? defaultCourseId;
  return (
    <div>
      <label htmlFor={`${id}-course`} className={labelClass}>
        Course{sandbox ? ' (the sandbox’s courses, a stand-in for testing)' : ''}
      </label>
      <select
        id={`${id}-course`}
        className={inputClass}
        value={courseId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-course-error` : undefined}
        onChange={(e) => {
          const chosen = list.find((c) => c.id === e.currentTarget.value);
          onChoose(chosen?.id ?? null, chosen?.name ?? null);
        }}
      >
        <option value="">The default course ({fallbackName})</option>
        {list.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-course-error`} message={error} />
    </div>
  );
}
