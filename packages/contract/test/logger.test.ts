// The structured logger: one JSON line per record on stderr, levels, secrets never written, children carry fields.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createLogger, type LogLevel, silentLogger } from '../src/tool/logger.js';

function capture(level?: LogLevel, secrets?: readonly string[]) {
  const lines: string[] = [];
  const logger = createLogger({
    name: 'sp-mcp',
    ...(level ? { level } : {}),
    ...(secrets ? { secrets } : {}),
    write: (line) => lines.push(line),
  });
  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, records };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createLogger', () => {
  test('one JSON line per record: time, level, logger name, message, fields', () => {
    const { logger, lines, records } = capture();
    logger.info('started', { port: 8080 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('}\n')).toBe(true);
    expect(lines[0]?.indexOf('\n')).toBe(lines[0]!.length - 1);
    const [record] = records();
    expect(record).toMatchObject({ level: 'info', logger: 'sp-mcp', msg: 'started', port: 8080 });
    expect(Number.isNaN(Date.parse(String(record?.ts)))).toBe(false);
    expect(Object.keys(record ?? {}).slice(0, 4)).toEqual(['ts', 'level', 'logger', 'msg']);
  });

  test('levels: info by default (debug dropped); a level drops everything below it', () => {
    const byDefault = capture();
    byDefault.logger.debug('d');
    byDefault.logger.info('i');
    byDefault.logger.warn('w');
    byDefault.logger.error('e');
    expect(byDefault.records().map((r) => [r.level, r.msg])).toEqual([
      ['info', 'i'],
      ['warn', 'w'],
      ['error', 'e'],
    ]);
    const debug = capture('debug');
    debug.logger.debug('d');
    expect(debug.records().map((r) => r.level)).toEqual(['debug']);
    const warn = capture('warn');
    warn.logger.info('i');
    warn.logger.warn('w');
    warn.logger.error('e');
    expect(warn.records().map((r) => r.level)).toEqual(['warn', 'error']);
    const error = capture('error');
    error.logger.warn('w');
    error.logger.error('e');
    expect(error.records().map((r) => r.level)).toEqual(['error']);
  });

  test('values under secret-looking keys are never written, at any depth', () => {
    const { logger, lines, records } = capture();
    logger.warn('exchange', {
      access_token: 'at-1',
      clientSecret: 'cs-1',
      Authorization: 'Bearer x',
      password: 'pw-1',
      'api-key': 'k-1',
      apiKey: 'k-2',
      api_key: 'k-3',
      refresh: 'r-1',
      nested: { headers: { authorization: 'Bearer y' }, list: [{ token: 't-1' }] },
      region: 'eu',
    });
    const [record] = records();
    for (const key of [
      'access_token',
      'clientSecret',
      'Authorization',
      'password',
      'api-key',
      'apiKey',
      'api_key',
      'refresh',
    ])
      expect(record?.[key], key).toBe('[redacted]');
    expect(record?.nested).toEqual({
      headers: { authorization: '[redacted]' },
      list: [{ token: '[redacted]' }],
    });
    expect(record?.region).toBe('eu');
    for (const secret of ['at-1', 'cs-1', 'Bearer x', 'pw-1', 'k-1', 'k-2', 'k-3', 'r-1', 'Bearer y', 't-1'])
      expect(lines[0]).not.toContain(secret);
  });

  test('an Error is written as its name, message and stack', () => {
    const { logger, records } = capture();
    const error = new TypeError('bad input');
    logger.error('failed', { error, list: [new RangeError('r')] });
    const [record] = records();
    expect(record?.error).toEqual({ name: 'TypeError', message: 'bad input', stack: error.stack });
    expect((record?.list as unknown[] | undefined)?.[0]).toMatchObject({ name: 'RangeError', message: 'r' });
  });

  test('bounded: arrays keep 50 items, nesting past six levels is cut', () => {
    const { logger, records } = capture();
    let deep: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 8; i++) deep = { d: deep };
    logger.info('big', {
      list: Array.from({ length: 80 }, (_, i) => i),
      deep,
      six: { a: { b: { c: { d: { e: 'kept' } } } } },
    });
    const [record] = records();
    expect(record?.list).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(JSON.stringify(record?.deep)).toContain('"[depth]"');
    expect(JSON.stringify(record?.deep)).not.toContain('leaf');
    expect(record?.six).toEqual({ a: { b: { c: { d: { e: 'kept' } } } } });
    // nested arrays count as levels too
    logger.info('arrays', { nested: [[[[[[[['x']]]]]]]] });
    expect(JSON.stringify(records()[1]?.nested)).toBe('[[[[[["[depth]"]]]]]]');
    // the seventh level is the first one cut
    expect(JSON.stringify(record?.deep)).toBe(
      JSON.stringify({ d: { d: { d: { d: { d: { d: '[depth]' } } } } } }),
    );
  });

  test('configured secrets (six characters or more) are redacted anywhere in the line', () => {
    const { logger, lines } = capture('info', ['s3cr3t-value', 'abc', 'sixsix', 'fiver']);
    logger.info('upstream said s3cr3t-value', {
      body: 'x s3cr3t-value y',
      note: 'abc stays',
      six: 'sixsix',
      five: 'fiver',
    });
    expect(lines[0]).not.toContain('sixsix');
    expect(lines[0]).toContain('fiver');
    expect(lines[0]).not.toContain('s3cr3t-value');
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).toContain('abc stays');
  });

  test('URL credentials and bearer tokens in messages are redacted like in envelopes', () => {
    const { logger, lines } = capture();
    logger.info('proxy https://user:hunter2pw@proxy.example/x');
    expect(lines[0]).not.toContain('hunter2pw');
    expect(lines[0]).toContain('https://***@proxy.example/x');
  });

  test('a child carries its fields on every record; its own fields win; children nest', () => {
    const { logger, records } = capture('debug');
    const child = logger.child({ tool: 'list_orders', region: 'na' });
    child.debug('one', { region: 'eu' });
    child.child({ call: 7 }).info('two');
    logger.info('three');
    const [one, two, three] = records();
    expect(one).toMatchObject({
      level: 'debug',
      logger: 'sp-mcp',
      tool: 'list_orders',
      region: 'eu',
      msg: 'one',
    });
    expect(two).toMatchObject({ tool: 'list_orders', region: 'na', call: 7, msg: 'two' });
    expect(three).not.toHaveProperty('tool');
  });

  test('without a writer, lines go to stderr (never stdout), and a closed stderr is skipped silently', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write');
    createLogger({ name: 'x' }).info('to stderr');
    expect(err).toHaveBeenCalledTimes(1);
    expect(String(err.mock.calls[0]?.[0])).toContain('"msg":"to stderr"');
    expect(out).not.toHaveBeenCalled();
    err.mockClear();
    vi.spyOn(process.stderr, 'destroyed', 'get').mockReturnValue(true);
    createLogger({ name: 'x' }).error('gone');
    expect(err).not.toHaveBeenCalled();
    vi.spyOn(process.stderr, 'destroyed', 'get').mockReturnValue(false);
    vi.spyOn(process.stderr, 'writable', 'get').mockReturnValue(false);
    createLogger({ name: 'x' }).error('closed');
    expect(err).not.toHaveBeenCalled();
  });
});

describe('silentLogger', () => {
  test('writes nothing, and its children are silent too', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    silentLogger.debug('d');
    silentLogger.info('i');
    silentLogger.warn('w');
    silentLogger.error('e');
    const child = silentLogger.child({ a: 1 });
    expect(child).toBe(silentLogger);
    child.error('e');
    expect(err).not.toHaveBeenCalled();
  });
});
