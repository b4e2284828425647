// encodeFormBody: a real multipart/form-data body (boundary, file part bytes and type, text parts); paths confined.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainValidationError } from '@obmcp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeFormBody } from '../src/form-body.js';

const root = mkdtempSync(join(tmpdir(), 'obmcp-form-'));
const uploads = join(root, 'uploads');
mkdirSync(uploads);
writeFileSync(join(uploads, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(root, 'secret.txt'), 'secret');
symlinkSync(join(root, 'secret.txt'), join(uploads, 'link.txt'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const recipe = { formFiles: ['asset'] };

async function parse(bytes: Uint8Array, contentType: string) {
  return new Response(bytes, { headers: { 'content-type': contentType } }).formData();
}

describe('encodeFormBody', () => {
  it('base64 file + JSON text part → multipart with a boundary; the file part keeps its bytes, type and name', async () => {
    const { bytes, contentType } = await encodeFormBody(
      recipe,
      { asset: { base64: 'iVBORw==' }, assetInfo: '{"mediaType":"brandLogo"}' },
      { defaultFileType: 'image/png', defaultFileName: 'logo.png' },
    );
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await parse(bytes, contentType);
    expect(form.get('assetInfo')).toBe('{"mediaType":"brandLogo"}');
    const file = form.get('asset') as File;
    expect(file.name).toBe('logo.png');
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('a path inside the upload directory is read; outside it, through a symlink, or with no directory: refused', async () => {
    const ok = await encodeFormBody(recipe, { asset: { path: 'logo.png' } }, { uploadDir: uploads });
    const file = (await parse(ok.bytes, ok.contentType)).get('asset') as File;
    expect(file.name).toBe('logo.png');
    expect(file.size).toBe(4);
    for (const [path, dir] of [
      ['../secret.txt', uploads],
      [join(root, 'secret.txt'), uploads],
      ['link.txt', uploads],
      ['logo.png', undefined],
    ] as const) {
      const refused = await encodeFormBody(recipe, { asset: { path } }, dir ? { uploadDir: dir } : {}).catch(
        (e) => e,
      );
      expect(refused, path).toBeInstanceOf(DomainValidationError);
      expect((refused as DomainValidationError).details[0]?.path).toBe('body/asset/path');
    }
  });

  it('a file read from a folder of the upload directory goes upstream under its own name, never the local path', async () => {
    mkdirSync(join(uploads, 'brand', '2026'), { recursive: true });
    writeFileSync(join(uploads, 'brand', '2026', 'banner.png'), Buffer.from([1, 2, 3]));
    for (const path of ['brand/2026/banner.png', join(uploads, 'brand', '2026', 'banner.png')]) {
      const sent = await encodeFormBody(recipe, { asset: { path } }, { uploadDir: uploads });
      const file = (await parse(sent.bytes, sent.contentType)).get('asset') as File;
      expect(file.name, path).toBe('banner.png');
      expect(new TextDecoder('latin1').decode(sent.bytes)).not.toContain(uploads);
      expect(new TextDecoder('latin1').decode(sent.bytes)).not.toContain('brand/');
    }
  });

  it('text that is not base64 is refused at its argument', async () => {
    const refused = await encodeFormBody(recipe, { asset: { base64: 'not base64!' } }).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainValidationError);
    expect((refused as DomainValidationError).details[0]?.path).toBe('body/asset/base64');
  });
});
