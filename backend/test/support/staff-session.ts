import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

/** The address the test configuration makes a bootstrap admin (admin@<default domain>). */
export const TEST_ADMIN = 'admin@prosign.example';

/** An origin the test configuration allows (the shell's default). */
export const SHELL_ORIGIN = 'http://localhost:8080';

/**
 * Signs a listed user in through the local identity adapter, exactly as the
 * login page does, and returns the `Cookie` header value to send afterwards.
 */
export async function signIn(app: INestApplication, email: string): Promise<string> {
  const res = await request(app.getHttpServer())
    .post('/api/auth/local')
    .set('origin', SHELL_ORIGIN)
    .send({ email })
    .expect(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}

/** `prosign_sid=<id>` from a response's Set-Cookie header. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((cookie) => cookie.startsWith('prosign_sid='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0];
}

/** Requests carrying a staff member's session cookie from the shell's origin, as the browser sends them. */
export function asStaff(app: INestApplication, cookie: string) {
  const http = () => request(app.getHttpServer());
  return {
    get: (url: string) => http().get(url).set('cookie', cookie),
    post: (url: string) => http().post(url).set('cookie', cookie).set('origin', SHELL_ORIGIN),
    put: (url: string) => http().put(url).set('cookie', cookie).set('origin', SHELL_ORIGIN),
    patch: (url: string) => http().patch(url).set('cookie', cookie).set('origin', SHELL_ORIGIN),
    delete: (url: string) => http().delete(url).set('cookie', cookie).set('origin', SHELL_ORIGIN),
  };
}

export type StaffHttp = () => ReturnType<typeof request.agent>;

/**
 * Signs `email` in and returns a client whose every request carries that
 * session and the shell's origin, as the browser sends them.
 */
export async function staffHttp(app: INestApplication, email = TEST_ADMIN): Promise<StaffHttp> {
  const cookie = await signIn(app, email);
  return () => request.agent(app.getHttpServer()).set('cookie', cookie).set('origin', SHELL_ORIGIN);
}
