import { escapeHtml as escape, hostedPage } from '../hosted-page.ts';
import type { TalentCourse, TalentEnrollment, TalentUser } from './talentlms-store.ts';

const frame = (title: string, body: string) =>
  hostedPage(
    'TalentLMS',
    title,
    body,
    'course player on a development or test server. Nothing here is a real abuse-prevention course or certificate.',
  );

/** The course player: two short lessons and the learner's acknowledgement, then "Finish course". */
export function coursePage(
  user: TalentUser,
  course: TalentCourse,
  enrollment: TalentEnrollment,
  error?: string,
) {
  return frame(
    course.name,
    `<h1>${escape(course.name)}</h1>
<p>Learner: <strong>${escape(`${user.first_name} ${user.last_name}`)}</strong> · progress ${enrollment.percent}%</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<h2>Lesson 1: recognizing abuse</h2>
<p>Abuse can be physical, emotional, sexual or neglect. Warning signs include sudden changes in behaviour, unexplained
injuries and an adult who seeks time alone with one athlete.</p>
<h2>Lesson 2: reporting and boundaries</h2>
<p>Adults keep interactions observable and interruptible, never travel or message one-on-one with a minor, and report
any suspicion to the authorities and the organization at once.</p>
<form method="post">
<label><input type="checkbox" name="acknowledge"> I have read both lessons and will follow these rules.</label>
<button type="submit">Finish course</button></form>`,
  );
}

/** After the last lesson: the certificate and, when the launch named one, the way back. */
export function completedPage(course: TalentCourse, redirect: string | null) {
  const back = redirect
    ? `<p><a href="${escape(redirect)}">Return to Touchline</a></p>`
    : '<p>You can close this tab and return to Touchline.</p>';
  return frame(
    'Course completed',
    `<h1>Course completed</h1><p>You finished ${escape(course.name)}. Your certificate has been issued.</p>${back}`,
  );
}
