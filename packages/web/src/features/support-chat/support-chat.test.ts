import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSupportChat, type Messenger } from './support-chat.ts';

let messenger: { [K in keyof Messenger]: ReturnType<typeof vi.fn> };
let log: ReturnType<typeof vi.fn<(message: string, error?: unknown) => void>>;

beforeEach(() => {
  vi.useFakeTimers();
  messenger = { boot: vi.fn(), update: vi.fn(), shutdown: vi.fn() };
  log = vi.fn<(message: string, error?: unknown) => void>();
});
afterEach(() => vi.useRealTimers());

const chatWith = (fetchJwt: (signal: AbortSignal) => Promise<string | null>) =>
  createSupportChat({
    messenger: messenger as unknown as Messenger,
    fetchJwt,
    log,
    now: () => 1_700_000_000_000,
  });

describe('the support chat', () => {
  it('starts 500 ms after a signed-in page, identified with the JWT', async () => {
    const fetchJwt = vi.fn(async () => 'jwt-1');
    const chat = chatWith(fetchJwt);
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchJwt).not.toHaveBeenCalled();
    expect(messenger.boot).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(messenger.boot).toHaveBeenCalledWith({ user_jwt: 'jwt-1' });
    expect(log).not.toHaveBeenCalled();
  });

  it('follows route changes debounced by 300 ms: one update for a burst', async () => {
    const chat = chatWith(async () => 'jwt');
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500);
    chat.route('/reviews', true);
    await vi.advanceTimersByTimeAsync(200);
    chat.route('/requirements', true);
    await vi.advanceTimersByTimeAsync(299);
    expect(messenger.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(messenger.update).toHaveBeenCalledTimes(1);
    expect(messenger.update).toHaveBeenCalledWith({ last_request_at: 1_700_000_000 });
  });

  it('starts without the JWT after 5 s, and only logs', async () => {
    const chat = chatWith(() => new Promise<string>(() => undefined));
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500 + 4999);
    expect(messenger.boot).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(messenger.boot).toHaveBeenCalledWith({});
    expect(log).toHaveBeenCalledWith('Support chat starts without its JWT', expect.any(Error));
  });

  it('starts without the JWT when the call fails, and only logs', async () => {
    const chat = chatWith(async () => {
      throw new Error('503');
    });
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500);
    expect(messenger.boot).toHaveBeenCalledWith({});
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('starts anonymous without a log line when the server signs no JWTs', async () => {
    const chat = chatWith(async () => null);
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500);
    expect(messenger.boot).toHaveBeenCalledWith({});
    expect(log).not.toHaveBeenCalled();
  });

  it('is never offered on /admin, and shuts down there', async () => {
    const chat = chatWith(async () => 'jwt');
    chat.route('/admin/organizations', true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(messenger.boot).not.toHaveBeenCalled();
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500);
    expect(messenger.boot).toHaveBeenCalledTimes(1);
    chat.route('/admin', true);
    expect(messenger.shutdown).toHaveBeenCalledTimes(1);
  });

  it('shuts down on sign-out, and does not start for someone signed out', async () => {
    const chat = chatWith(async () => 'jwt');
    chat.route('/signin', false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(messenger.boot).not.toHaveBeenCalled();
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500);
    chat.route('/', false);
    expect(messenger.shutdown).toHaveBeenCalledTimes(1);
  });

  it('stays shut when the visitor leaves for /admin while the JWT is on its way', async () => {
    let answer: (jwt: string) => void = () => undefined;
    const chat = chatWith(() => new Promise<string>((resolve) => (answer = resolve)));
    chat.route('/', true);
    await vi.advanceTimersByTimeAsync(500);
    chat.route('/admin', true);
    answer('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(messenger.boot).not.toHaveBeenCalled();
  });
});
