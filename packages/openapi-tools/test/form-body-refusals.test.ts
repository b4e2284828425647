// Form bodies as the caller meets them: the refusal envelope of a file argument that cannot be sent (not base64, too
// large, outside the upload directory, not a file), which fields become parts, and the file part's name and type.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainValidationError } from '@obmcp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeFormBody, isUrlEncodedForm, MAX_FORM_FILE_BYTES } from '../src/form-body.js';

const root = mkdtempSync(join(tmpdir(), 'obmcp-form-refusals-'));
const uploads = join(root, 'uploads');
mkdirSync(join(uploads, 'folder'), { recursive: true });
writeFileSync(join(uploads, 'at-limit.bin'), Buffer.alloc(MAX_FORM_FILE_BYTES, 1));
writeFileSync(join(uploads, 'over-limit.bin'), Buffer.alloc(MAX_FORM_FILE_BYTES + 1, 1));
writeFileSync(join(uploads, 'a.txt'), 'abc');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const recipe = { formFiles: ['asset'] };

async function refusal(body: unknown, options = {}): Promise<DomainValidationError> {
  const error = await encodeFormBody(recipe, body, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainValidationError);
  return error as DomainValidationError;
}

async function parts(body: unknown, options = {}, r: { formFiles?: string[] } = recipe) {
  const { bytes, contentType } = await encodeFormBody(r, body, options);
  expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
  return new Response(bytes, { headers: { 'content-type': contentType } }).formData();
}

describe('a file argument that cannot be sent', () => {
  it('not base64: an input validation error at its argument, with how to send it', async () => {
    const error = await refusal({ asset: { base64: 'iVBORw=' } });
    expect(error.code).toBe('INPUT_VALIDATION_FAILED');
    expect(error.summary).toBe('Argument body/asset/base64 cannot be sent: is not base64.');
    expect(error.details).toEqual([
      { path: 'body/asset/base64', issue: 'is not base64', received_type: 'string' },
    ]);
    expect(error.hints).toEqual(['Send the file bytes base64-encoded (A–Z, a–z, 0–9, +, /, = padding).']);
    // Valid characters but a length no base64 text has; invalid characters at a valid length.
    await refusal({ asset: { base64: 'QUJD=' } });
    await refusal({ asset: { base64: 'QU*D' } });
  });

  it('base64 wrapped over lines is read as its bytes', async () => {
    const form = await parts({ asset: { base64: 'QU\nJD\r\n ' } });
    expect(await (form.get('asset') as File).text()).toBe('ABC');
  });

  it('base64 of more than the limit is refused; exactly the limit is sent', async () => {
    const over = await refusal({
      asset: { base64: Buffer.alloc(MAX_FORM_FILE_BYTES + 1).toString('base64') },
    });
    expect(over.details[0]).toMatchObject({
      path: 'body/asset/base64',
      issue: `is larger than ${MAX_FORM_FILE_BYTES} bytes`,
    });
    expect(over.hints).toEqual(['Send a smaller file.']);
    const at = await parts({ asset: { base64: Buffer.alloc(MAX_FORM_FILE_BYTES).toString('base64') } });
    expect((at.get('asset') as File).size).toBe(MAX_FORM_FILE_BYTES);
  });

  it('a path with no upload directory configured says to send base64', async () => {
    const error = await refusal({ asset: { path: 'a.txt' } });
    expect(error.details[0]).toMatchObject({
      path: 'body/asset/path',
      issue: 'names a file, but this server reads no files (no upload directory is configured)',
    });
    expect(error.hints).toEqual([
      'Send the file as base64, or ask the operator to set the upload directory.',
    ]);
  });

  it('a path that names nothing, the directory itself, a folder, or a file over the limit is refused', async () => {
    const options = { uploadDir: uploads };
    const missing = await refusal({ asset: { path: 'nope.bin' } }, options);
    expect(missing.details[0]).toMatchObject({ path: 'body/asset/path', issue: 'names no readable file' });
    expect(missing.hints).toEqual(['Pass a file inside the upload directory.']);
    for (const path of ['.', 'folder', uploads]) {
      const folder = await refusal({ asset: { path } }, options);
      expect(folder.details[0], path).toMatchObject({ path: 'body/asset/path', issue: 'is not a file' });
      expect(folder.hints).toEqual(['Pass a file inside the upload directory.']);
    }
    const outside = await refusal({ asset: { path: '../' } }, options);
    expect(outside.details[0]).toMatchObject({ issue: 'is outside the upload directory' });
    expect(outside.hints).toEqual(['Pass a file inside the upload directory.']);
    const big = await refusal({ asset: { path: 'over-limit.bin' } }, options);
    expect(big.details[0]).toMatchObject({ issue: `is larger than ${MAX_FORM_FILE_BYTES} bytes` });
    expect(big.hints).toEqual(['Send a smaller file.']);
    const at = await parts({ asset: { path: 'at-limit.bin' } }, options);
    expect((at.get('asset') as File).size).toBe(MAX_FORM_FILE_BYTES);
  });

  it('a sibling directory sharing the upload directory’s name as a prefix is outside it', async () => {
    mkdirSync(`${uploads}-other`, { recursive: true });
    writeFileSync(join(`${uploads}-other`, 'x.txt'), 'x');
    const error = await refusal({ asset: { path: `${uploads}-other/x.txt` } }, { uploadDir: uploads });
    expect(error.details[0]).toMatchObject({ issue: 'is outside the upload directory' });
  });
});

describe('which fields become which parts', () => {
  it('anything but an object body is an empty form', async () => {
    for (const body of [null, 'text', ['x'], 7])
      expect([...(await parts(body)).keys()], String(body)).toEqual([]);
  });

  it('undefined fields are left out; others are text, JSON text unless a string', async () => {
    const form = await parts({ gone: undefined, s: 'x"y', n: 5, o: { a: 1 }, l: [1], z: null });
    expect([...form.entries()]).toEqual([
      ['s', 'x"y'],
      ['n', '5'],
      ['o', '{"a":1}'],
      ['l', '[1]'],
      ['z', 'null'],
    ]);
  });

  it('only a declared file field with an object value is a file; else it is text', async () => {
    const form = await parts({ asset: 'plain', other: { base64: 'QUJD' } });
    expect(form.get('asset')).toBe('plain');
    expect(form.get('other')).toBe('{"base64":"QUJD"}');
    const nulled = await parts({ asset: null });
    expect(nulled.get('asset')).toBe('null');
    const none = await parts({ asset: { base64: 'QUJD' } }, {}, {});
    expect(none.get('asset')).toBe('{"base64":"QUJD"}');
  });

  it('the file part’s type: its own, else the default, else application/octet-stream', async () => {
    const own = await parts(
      { asset: { base64: 'QUJD', contentType: 'image/png' } },
      { defaultFileType: 'x/y' },
    );
    expect((own.get('asset') as File).type).toBe('image/png');
    const fallback = await parts({ asset: { base64: 'QUJD' } }, { defaultFileType: 'x/y' });
    expect((fallback.get('asset') as File).type).toBe('x/y');
    const bare = await parts({ asset: { base64: 'QUJD' } });
    expect((bare.get('asset') as File).type).toBe('application/octet-stream');
  });

  it('the file part’s name: its own, else the path’s base name, else the default, else the field name', async () => {
    const options = { uploadDir: uploads, defaultFileName: 'default.bin' };
    const own = await parts({ asset: { path: 'a.txt', filename: 'mine.txt' } }, options);
    expect((own.get('asset') as File).name).toBe('mine.txt');
    const fromPath = await parts({ asset: { path: 'a.txt' } }, options);
    expect((fromPath.get('asset') as File).name).toBe('a.txt');
    const fallback = await parts({ asset: { base64: 'QUJD' } }, options);
    expect((fallback.get('asset') as File).name).toBe('default.bin');
    const bare = await parts({ asset: { base64: 'QUJD' } });
    expect((bare.get('asset') as File).name).toBe('asset');
  });
});

describe('isUrlEncodedForm', () => {
  it('is the media type itself (any case, padded, with parameters), not a mention of it', () => {
    expect(isUrlEncodedForm('  Application/X-WWW-Form-Urlencoded; charset=utf-8')).toBe(true);
    expect(isUrlEncodedForm('multipart/mixed; x=application/x-www-form-urlencoded')).toBe(false);
    expect(isUrlEncodedForm('application/x-www-form-urlencodedx')).toBe(false);
    expect(isUrlEncodedForm(undefined)).toBe(false);
  });
});
