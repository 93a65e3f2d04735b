import { expect } from 'chai';
import { describeOpenFailure } from '../../src/db/errors';
import { maskGraphqlMessage } from '../../src/http/graphql';
import { inputShapeProblem, MAX_INPUT_DEPTH } from '../../src/services/validation';

const SECRET = '446-63-6315';

describe('GraphQL messages: what graphql-js quotes is dropped', () => {
  const cases: Array<[string, RegExp]> = [
    [`Variable "$input" got invalid value { name: "x", ssn: "${SECRET}" }; Field "ssn" is not defined by type "CreateOrganizationInput".`, /^Variable "\$input" has an invalid value/],
    [`Variable "$l" got invalid value "${SECRET}"; Int cannot represent non-integer value: "${SECRET}"`, /^Variable "\$l" has an invalid value/],
    [`Expected value of type "Int", found "${SECRET}".`, /^Expected value of type "Int"\.$/],
    [`Int cannot represent non-integer value: "${SECRET}"`, /^Int cannot represent the given value\.$/],
  ];
  for (const [message, expected] of cases) {
    it(`masks: ${message.slice(0, 48)}…`, () => {
      const masked = maskGraphqlMessage(message);
      expect(masked).to.match(expected);
      expect(masked).to.not.include(SECRET);
    });
  }

  it('keeps messages that quote nothing submitted', () => {
    expect(maskGraphqlMessage('Syntax Error: Query depth limit of 10 exceeded, found 12.')).to.equal('Syntax Error: Query depth limit of 10 exceeded.');
    expect(maskGraphqlMessage('Must provide query string.')).to.equal('Must provide query string.');
    const missing = 'Variable "$input" of required type "PreflightTextInput!" was not provided.';
    expect(maskGraphqlMessage(missing)).to.equal(missing);
  });
});

describe('database start-up failures', () => {
  const url = 'mysql://pf:hunter2-secret@db.internal:3307/preflight';
  const cases: Array<[string, RegExp]> = [
    ['ECONNREFUSED', /unreachable \(connection refused\)/],
    ['ENOTFOUND', /unreachable \(host name not found\)/],
    ['ER_ACCESS_DENIED_ERROR', /access denied/],
    ['ER_BAD_DB_ERROR', /unknown database/],
    ['SOMETHING_NEW', /failed \(SOMETHING_NEW\)/],
  ];
  for (const [code, reason] of cases) {
    it(`${code}: names database, host, port and user, never the password`, () => {
      const line = describeOpenFailure(Object.assign(new Error(`quoted ${SECRET}`), { code }), { databaseUrl: url, sqliteFile: '/x' });
      expect(line).to.match(reason).and.include('preflight on db.internal:3307 as user pf');
      expect(line).to.not.include('hunter2-secret').and.not.include(SECRET);
    });
  }

  it('names the SQLite file', () => {
    expect(describeOpenFailure({ code: 'SQLITE_CANTOPEN' }, { sqliteFile: '/data/preflight.sqlite' })).to.equal(
      'cannot open the SQLite database /data/preflight.sqlite: the file cannot be opened',
    );
  });
});

describe('input shape', () => {
  const nest = (n: number): unknown => (n === 0 ? 1 : { a: nest(n - 1) });

  it(`allows ${MAX_INPUT_DEPTH} levels and refuses one more, naming where`, () => {
    expect(inputShapeProblem({ settings: nest(MAX_INPUT_DEPTH - 1) })).to.equal(undefined);
    const p = inputShapeProblem({ settings: nest(MAX_INPUT_DEPTH) });
    expect(p?.problem).to.match(/deeper than 32/);
    expect(p?.field).to.match(/^settings(\.a)+$/);
  });

  it('walks 100,000 levels without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputShapeProblem(deep)?.problem).to.match(/deeper/);
  });

  it('refuses NUL and unpaired surrogates in values and keys, allows pairs and content fields', () => {
    expect(inputShapeProblem({ name: 'a\u0000' })?.field).to.equal('name');
    expect(inputShapeProblem({ rules: [{ name: 'x\udc00' }] })?.field).to.equal('rules.0.name');
    expect(inputShapeProblem({ settings: { ['k\ud800']: 1 } })?.field).to.equal('settings');
    expect(inputShapeProblem({ name: 'rocket \u{1F680}' })).to.equal(undefined);
    expect(inputShapeProblem({ text: 'binary\u0000\ud800' })).to.equal(undefined);
  });
});
