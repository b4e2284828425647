// msw resolvers that echo the whole request (headers + body) back in an upstream error body, in every common shape.
import { HttpResponse } from 'msw';

export async function echoRequest({ request }: { request: Request }): Promise<Response> {
  const headers = Object.fromEntries(request.headers.entries());
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  const echoed = JSON.stringify({ url: request.url, headers, body });
  return HttpResponse.json(
    {
      errors: [{ code: 'InvalidInput', message: echoed, details: echoed, detail: echoed }],
      code: 'INVALID_ARGUMENT',
      message: echoed,
      detail: echoed,
      details: echoed,
      error: echoed,
      error_description: echoed,
    },
    { status: 400, headers: { 'content-type': 'application/json', 'x-echo': echoed.slice(0, 4000) } },
  );
}
