import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * A small in-memory stand-in for the server's identity and API routes, shaped like the real
 * ones (better-auth's `{ code, message }` under /api/auth, `{ error: { … } }` elsewhere). The
 * "session cookie" is `state.session`.
 */
export interface MockUser {
  id: string;
  name: string;
  email: string;
  password: string;
  admin: boolean;
}

export const state = {
  users: new Map<string, MockUser>(),
  session: null as string | null,
  tokens: new Map<string, { email: string; expired: boolean }>(),
  signOutCalls: 0,
  exchangeCalls: 0,
  /** Resolve to let a held `get-session` answer (see `holdSession`). */
  sessionGate: null as Promise<void> | null,
};

let tokenCounter = 0;

export function resetState() {
  state.users = new Map();
  state.session = null;
  state.tokens = new Map();
  state.signOutCalls = 0;
  state.exchangeCalls = 0;
  state.sessionGate = null;
}

export function addUser(user: Partial<MockUser> & { email: string }): MockUser {
  const full: MockUser = { id: `u-${state.users.size + 1}`, name: 'Test User', password: 'secret123', admin: false, ...user };
  state.users.set(full.email, full);
  return full;
}

export function issueToken(email: string, expired = false): string {
  const token = `token-${++tokenCounter}`;
  state.tokens.set(token, { email, expired });
  return token;
}

/** Start the test signed in: an identity session plus a stored access token. */
export function signInAs(user: MockUser): string {
  state.session = user.email;
  const token = issueToken(user.email);
  window.localStorage.setItem('accessToken', token);
  return token;
}

/** Make `get-session` wait until the returned function is called. */
export function holdSession(): () => void {
  let release!: () => void;
  state.sessionGate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    state.sessionGate = null;
    release();
  };
}

const apiError = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

function caller(request: Request): { email: string } | Response {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  const record = token ? state.tokens.get(token) : undefined;
  if (!record) return apiError(401, 'TOKEN_INVALID', 'Your session token is not valid');
  if (record.expired) return apiError(401, 'TOKEN_EXPIRED', 'Your session token has expired');
  return { email: record.email };
}

const sessionUser = (user: MockUser) => ({ id: user.id, name: user.name, email: user.email, image: null });

export const handlers = [
  http.post('/api/auth/sign-in/email', async ({ request }) => {
    const { email, password } = (await request.json()) as { email: string; password: string };
    const user = state.users.get(email);
    if (!user || user.password !== password) {
      return HttpResponse.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, { status: 401 });
    }
    state.session = email;
    return HttpResponse.json({ redirect: false, token: 'session-token', user: sessionUser(user) });
  }),

  http.post('/api/auth/sign-up/email', async ({ request }) => {
    const { name, email, password } = (await request.json()) as { name: string; email: string; password: string };
    if (state.users.has(email)) {
      return HttpResponse.json({ code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' }, { status: 422 });
    }
    const user = addUser({ name, email, password });
    state.session = email;
    return HttpResponse.json({ token: 'session-token', user: sessionUser(user) });
  }),

  http.get('/api/auth/get-session', async () => {
    if (state.sessionGate) await state.sessionGate;
    const user = state.session ? state.users.get(state.session) : undefined;
    if (!user) return HttpResponse.json(null);
    return HttpResponse.json({ session: { id: 's-1', expiresAt: '2099-01-01T00:00:00.000Z' }, user: sessionUser(user) });
  }),

  http.post('/api/auth/sign-out', () => {
    state.signOutCalls += 1;
    state.session = null;
    return HttpResponse.json({ success: true });
  }),

  http.put('/api/user/:email', async ({ params }) => {
    state.exchangeCalls += 1;
    const email = decodeURIComponent(String(params.email));
    if (!state.session || state.session !== email) return apiError(401, 'UNAUTHORIZED', 'Sign in to continue');
    const user = state.users.get(email)!;
    return HttpResponse.json({
      accessToken: issueToken(email),
      expiresAt: '2099-01-01T00:00:00.000Z',
      user: { _id: user.id, email, name: user.name, role: user.admin ? 'admin' : 'user', address: null, phone: null, linkedin: null, createdAt: '2026-01-01T00:00:00.000Z' },
    });
  }),

  http.get('/api/admin/:email', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    if (who.email !== params.email) return apiError(403, 'FORBIDDEN', 'You are not allowed to do that');
    return HttpResponse.json({ admin: state.users.get(who.email)?.admin === true });
  }),

  http.get('/api/config', () => HttpResponse.json({ paymentProvider: 'sandbox', stripePublishableKey: null, googleEnabled: false })),
  http.get('/api/parts', () => HttpResponse.json([])),
  http.get('/api/review', () => HttpResponse.json([])),
  http.get('/partners.json', () => HttpResponse.json([])),
];

export const server = setupServer(...handlers);

export { delay, http, HttpResponse };
