import { vi } from 'vitest';

/**
 * An XMLHttpRequest for tests of uploads (fetch cannot report upload progress, so uploads use XHR): it records
 * what was sent, reports half the upload done, then answers with the installed reply.
 */
export class FakeUpload {
  static sent: { url: string; body: FormData; headers: Record<string, string> }[] = [];
  static reply: { status: number; body: unknown } = { status: 200, body: null };

  /** Installs the fake as the global XMLHttpRequest, answering every upload with `body`. */
  static install(body: unknown, status = 201) {
    FakeUpload.sent = [];
    FakeUpload.reply = { status, body };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  }

  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};

  open(_method: string, url: string) {
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    FakeUpload.sent.push({ url: this.url, body, headers: this.headers });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.status = FakeUpload.reply.status;
    this.responseText = JSON.stringify(FakeUpload.reply.body);
    setTimeout(() => this.onload?.(), 0);
  }
}
