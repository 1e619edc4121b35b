import { profileUpdate, type Profile, type User } from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { profileCompanyOf } from './mock-companies.ts';
import { adminCaller, addUser, apiError, caller, issueToken, parseBody, state, type MockUser } from './mock-state.ts';

/**
 * Identity (better-auth's `{ code, message }` under /api/auth) and the user calls of PRODUCT.md §7.
 * The "session cookie" is `state.session`.
 */
const sessionUser = (user: MockUser) => ({ id: user.id, name: user.name, email: user.email, image: null });

export const toUser = (user: MockUser): User => ({
  _id: user.id,
  email: user.email,
  name: user.name,
  role: user.admin ? 'admin' : 'user',
  address: user.address,
  phone: user.phone,
  linkedin: user.linkedin,
  createdAt: '2026-01-01T00:00:00.000Z',
});

export const identityHandlers = [
  http.post('/api/auth/sign-in/email', async ({ request }) => {
    const { email, password } = (await request.json()) as { email: string; password: string };
    const user = state.users.get(email);
    if (!user || user.password !== password) {
      return HttpResponse.json(
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        { status: 401 },
      );
    }
    state.session = email;
    return HttpResponse.json({ redirect: false, token: 'session-token', user: sessionUser(user) });
  }),

  http.post('/api/auth/sign-up/email', async ({ request }) => {
    const { name, email, password } = (await request.json()) as { name: string; email: string; password: string };
    if (state.users.has(email)) {
      return HttpResponse.json(
        { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
        { status: 422 },
      );
    }
    const user = addUser({ name, email, password });
    state.session = email;
    return HttpResponse.json({ token: 'session-token', user: sessionUser(user) });
  }),

  http.get('/api/auth/get-session', async () => {
    if (state.sessionGate) await state.sessionGate;
    const user = state.session ? state.users.get(state.session) : undefined;
    if (!user) return HttpResponse.json(null);
    return HttpResponse.json({
      session: { id: 's-1', expiresAt: '2099-01-01T00:00:00.000Z' },
      user: sessionUser(user),
    });
  }),

  http.post('/api/auth/sign-out', () => {
    state.signOutCalls += 1;
    state.session = null;
    return HttpResponse.json({ success: true });
  }),

  // better-auth's own "change my display name" call, on the session cookie.
  http.post('/api/auth/update-user', async ({ request }) => {
    const user = state.session ? state.users.get(state.session) : undefined;
    if (!user) return HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, { status: 401 });
    const { name } = (await request.json()) as { name?: string };
    state.writes.push('POST /api/auth/update-user');
    if (typeof name === 'string') user.name = name;
    return HttpResponse.json({ status: true });
  }),

  http.put('/api/user/:email', ({ params }) => {
    state.exchangeCalls += 1;
    const email = decodeURIComponent(String(params.email));
    if (!state.session || state.session !== email) return apiError(401, 'UNAUTHORIZED', 'Sign in to continue');
    const user = state.users.get(email)!;
    return HttpResponse.json({
      accessToken: issueToken(email),
      expiresAt: '2099-01-01T00:00:00.000Z',
      user: toUser(user),
    });
  }),

  http.get('/api/admin/:email', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    if (who.email !== params.email) return apiError(403, 'FORBIDDEN', 'You are not allowed to do that');
    return HttpResponse.json({ admin: who.admin });
  }),
];

export const userHandlers = [
  http.get('/api/user', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const email = new URL(request.url).searchParams.get('email');
    if (email !== who.email && !who.admin) return apiError(403, 'FORBIDDEN', 'You are not allowed to do that');
    const user = email ? state.users.get(email) : undefined;
    if (!user) return apiError(404, 'NOT_FOUND', 'User not found');
    const profile: Profile = { ...toUser(user), company: profileCompanyOf(user.email) };
    return HttpResponse.json(profile);
  }),

  http.put('/api/user-update', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    if (new URL(request.url).searchParams.get('email') !== who.email) {
      return apiError(403, 'FORBIDDEN', 'You can only update your own profile');
    }
    const body = await parseBody(request, profileUpdate);
    if (body instanceof Response) return body;
    state.writes.push('PUT /api/user-update');
    Object.assign(who, body);
    return HttpResponse.json(toUser(who));
  }),

  http.get('/api/all-user', ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json([...state.users.values()].map(toUser));
  }),

  http.put('/api/user/admin/:email', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const user = state.users.get(decodeURIComponent(String(params.email)));
    if (!user) return apiError(404, 'NOT_FOUND', 'User not found');
    state.writes.push(`PUT /api/user/admin/${user.email}`);
    user.admin = true;
    return HttpResponse.json(toUser(user));
  }),

  http.delete('/api/user/:id', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const user = [...state.users.values()].find((u) => u.id === params.id);
    if (!user) return apiError(404, 'NOT_FOUND', 'User not found');
    const admins = [...state.users.values()].filter((u) => u.admin);
    if (user.admin && admins.length <= 1) return apiError(409, 'LAST_ADMIN', 'The last admin cannot be deleted');
    state.writes.push(`DELETE /api/user/${user.id}`);
    state.users.delete(user.email);
    return HttpResponse.json({ deleted: true, _id: user.id });
  }),
];
