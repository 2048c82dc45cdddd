import { randomBytes } from 'node:crypto';
import { VendorError } from '../harness.ts';

/** A course as TalentLMS lists it (the fields we use). */
export type TalentCourse = { id: string; name: string; code: string; certification_duration_days: number };

/** One issued certificate, in the user record's `certifications` words. */
export type TalentCertification = {
  course_id: string;
  course_name: string;
  unique_id: string;
  issued_date: string;
  expiration_date: string | null;
  download_url: string;
  public_url: string;
};

/** A user as TalentLMS answers it (`GET /api/v1/users/...`). */
export type TalentUser = {
  id: string;
  login: string;
  first_name: string;
  last_name: string;
  email: string;
  user_type: string;
  status: string;
  created_on: string;
  courses: { id: string; name: string; role: string; enrolled_on: string; completion_status: string }[];
  certifications: TalentCertification[];
};

/** A learner's state in one course, as `getuserstatusincourse` answers it. */
export type TalentEnrollment = {
  userId: string;
  courseId: string;
  enrolledAt: Date;
  status: 'not_attempted' | 'incomplete' | 'completed';
  percent: number;
  completedAt: Date | null;
};

/** A one-time course launch (a `gotocourse` goto_url). */
export type TalentLaunch = { token: string; userId: string; courseId: string; redirect: string | null };

/** The courses every sandbox starts with. */
export const sandboxCourses: readonly TalentCourse[] = [
  {
    id: '101',
    name: 'Abuse Prevention Training (sandbox course)',
    code: 'APT-101',
    certification_duration_days: 365,
  },
  {
    id: '102',
    name: 'Abuse Prevention Refresher (sandbox course)',
    code: 'APT-102',
    certification_duration_days: 365,
  },
];

const invalid = (message: string, status = 400) =>
  new VendorError(status, { error: { type: 'invalid_request_error', message } });

/** TalentLMS's date-time format in its answers: `DD/MM/YYYY, HH:MM:SS` (the account's default format). */
export function talentDateTime(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}, ${iso.slice(11, 19)}`;
}

/** The account's users, enrollments, launches and certificates, in memory. */
export class TalentStore {
  readonly users = new Map<string, TalentUser>();
  readonly enrollments = new Map<string, TalentEnrollment>();
  readonly launches = new Map<string, TalentLaunch>();
  readonly courses = new Map(sandboxCourses.map((c) => [c.id, { ...c }]));
  private nextUserId = 1001;
  private nextCertificate = 5001;

  constructor(
    private readonly baseUrl: () => string,
    private readonly now: () => Date,
  ) {}

  private key = (userId: string, courseId: string) => `${userId}:${courseId}`;

  /** `POST /api/v1/usersignup`: a new learner; login and e-mail are unique in the account. */
  signup(body: Record<string, string | undefined>): TalentUser {
    const { first_name, last_name, email, login, password } = body;
    if (!first_name || !last_name || !email || !login || !password)
      throw invalid('Missing required parameters: first_name, last_name, email, login, password');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw invalid('The email is not valid');
    for (const user of this.users.values()) {
      if (user.login === login) throw invalid('A user with the same login already exists');
      if (user.email.toLowerCase() === email.toLowerCase())
        throw invalid('A user with the same email address already exists');
    }
    const user: TalentUser = {
      id: String(this.nextUserId++),
      login,
      first_name,
      last_name,
      email,
      user_type: 'Learner-Type',
      status: 'active',
      created_on: talentDateTime(this.now()),
      courses: [],
      certifications: [],
    };
    this.users.set(user.id, user);
    return user;
  }

  findByEmail(email: string): TalentUser | undefined {
    return [...this.users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
  }

  user(id: string): TalentUser {
    const user = this.users.get(id);
    if (!user) throw invalid('The requested user does not exist', 404);
    return this.view(user);
  }

  course(id: string): TalentCourse {
    const course = this.courses.get(id);
    if (!course) throw invalid('The requested course does not exist', 404);
    return course;
  }

  /** The user with its courses' current state filled in. */
  view(user: TalentUser): TalentUser {
    const courses = [...this.enrollments.values()]
      .filter((e) => e.userId === user.id)
      .map((e) => ({
        id: e.courseId,
        name: this.course(e.courseId).name,
        role: 'learner',
        enrolled_on: talentDateTime(e.enrolledAt),
        completion_status: e.status,
      }));
    return { ...user, courses };
  }

  /** `POST /api/v1/addusertocourse`; a second enrollment is refused, as TalentLMS refuses it. */
  enroll(userId: string, courseId: string): TalentEnrollment {
    this.user(userId);
    this.course(courseId);
    const key = this.key(userId, courseId);
    if (this.enrollments.has(key)) throw invalid('The user is already enrolled in this course');
    const enrollment: TalentEnrollment = {
      userId,
      courseId,
      enrolledAt: this.now(),
      status: 'not_attempted',
      percent: 0,
      completedAt: null,
    };
    this.enrollments.set(key, enrollment);
    return enrollment;
  }

  /**
   * `GET /api/v1/removeuserfromcourse`: the learner leaves the course and their progress in it is gone (issued
   * certificates stay on the user, as TalentLMS keeps them); refused when they are not enrolled.
   */
  unenroll(userId: string, courseId: string): void {
    this.user(userId);
    if (!this.enrollments.delete(this.key(userId, courseId)))
      throw invalid('The user is not enrolled in this course');
    for (const [token, launch] of this.launches)
      if (launch.userId === userId && launch.courseId === courseId) this.launches.delete(token);
  }

  enrollment(userId: string, courseId: string): TalentEnrollment {
    this.user(userId);
    this.course(courseId);
    const found = this.enrollments.get(this.key(userId, courseId));
    if (!found) throw invalid('The user is not enrolled in this course');
    return found;
  }

  /** `GET /api/v1/gotocourse/...`: a one-time launch link into the course. */
  launch(userId: string, courseId: string, redirect: string | null): TalentLaunch {
    this.enrollment(userId, courseId);
    const launch = { token: randomBytes(18).toString('base64url'), userId, courseId, redirect };
    this.launches.set(launch.token, launch);
    return launch;
  }

  /** The learner opened the course: it is under way. */
  start(enrollment: TalentEnrollment): boolean {
    if (enrollment.status !== 'not_attempted') return false;
    enrollment.status = 'incomplete';
    enrollment.percent = 50;
    return true;
  }

  /** The learner finished the last unit: completed, with a certificate valid for the course's duration. */
  complete(enrollment: TalentEnrollment): boolean {
    if (enrollment.status === 'completed') return false;
    const at = this.now();
    enrollment.status = 'completed';
    enrollment.percent = 100;
    enrollment.completedAt = at;
    const course = this.course(enrollment.courseId);
    const user = this.users.get(enrollment.userId)!;
    const uniqueId = String(this.nextCertificate++);
    const expires = new Date(at.getTime() + course.certification_duration_days * 86_400_000);
    user.certifications.push({
      course_id: course.id,
      course_name: course.name,
      unique_id: uniqueId,
      issued_date: talentDateTime(at),
      expiration_date: talentDateTime(expires),
      download_url: `${this.baseUrl()}/user/downloadcertification/id:${uniqueId}`,
      public_url: `${this.baseUrl()}/certification/id:${uniqueId}`,
    });
    return true;
  }

  /** The user and certificate of a unique id. */
  certificate(uniqueId: string): { user: TalentUser; certification: TalentCertification } | undefined {
    for (const user of this.users.values()) {
      const certification = user.certifications.find((c) => c.unique_id === uniqueId);
      if (certification) return { user, certification };
    }
    return undefined;
  }
}

/**
 * A one-page PDF naming the learner, the course and the dates: enough for a reviewer to read and for the server's
 * content check (it starts `%PDF-`), written by hand so the sandbox needs no PDF library.
 */
export function certificatePdf(lines: string[]): Buffer {
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${700 - i * 28} Td (${pdfText(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
