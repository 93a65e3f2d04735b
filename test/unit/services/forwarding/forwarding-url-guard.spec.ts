import { expect } from 'chai';
import { expectVerdicts } from '../../../support/verdicts';
import { describeError, describeStatus } from '../../../../src/services/forwarding/http-sender';
import { checkDestinationUrl, DestinationRefusedError, guardedLookup, isBlockedAddress } from '../../../../src/services/forwarding/url-guard';

const strict = { allowPrivate: false, allowInsecure: false };
const lenient = { allowPrivate: true, allowInsecure: true };

function refused(url: string, opts = strict): string {
  try {
    checkDestinationUrl(url, opts);
  } catch (err) {
    expect(err).to.be.instanceOf(DestinationRefusedError);
    return (err as Error).message;
  }
  throw new Error(`${url} was accepted`);
}

describe('forwarding: SSRF guard', () => {
  it('accepts public https URLs', () => {
    expect(checkDestinationUrl('https://http-intake.logs.datadoghq.eu/api/v2/logs', strict).hostname).to.equal('http-intake.logs.datadoghq.eu');
    expect(checkDestinationUrl('https://93.184.216.34:8088/services/collector/raw', strict).port).to.equal('8088');
  });

  it('refuses http:// unless PREFLIGHT_ALLOW_INSECURE_DESTINATIONS', () => {
    expect(refused('http://collector.example.com/in')).to.match(/https/);
    expect(checkDestinationUrl('http://collector.example.com/in', { allowPrivate: false, allowInsecure: true }).protocol).to.equal('http:');
    expect(refused('ftp://collector.example.com/in', lenient)).to.match(/https/);
  });

  it('refuses private, loopback, link-local and other internal address literals', () => {
    for (const u of [
      'https://127.0.0.1/', 'https://10.1.2.3/', 'https://172.16.0.1/', 'https://192.168.1.1/', 'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/', 'https://0.0.0.0/', 'https://[::1]/', 'https://[fd00::1]/', 'https://[fe80::1]/', 'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/', 'https://2130706433/', 'https://0x7f.1/',
    ]) {
      expect(refused(u), u).to.match(/private, loopback or link-local/);
    }
  });

  it('refuses IPv6 forms that embed a private IPv4 address (compatible, mapped, translated, NAT64, 6to4, Teredo)', () => {
    for (const u of [
      'https://[::127.0.0.1]/', 'https://[::7f00:1]/', 'https://[::ffff:0:127.0.0.1]/', 'https://[::ffff:0:a00:1]/',
      'https://[::ffff:7f00:1]/', 'https://[2002:7f00:1::]/', 'https://[2002:a9fe:a9fe::1]/', 'https://[2002:c0a8:101::]/',
      'https://[64:ff9b::a00:1]/', 'https://[64:ff9b::169.254.169.254]/', 'https://[64:ff9b:1::a00:1]/',
      // Teredo: server 65.54.227.120 (public), client 10.0.0.1 obfuscated (f5ff:fffe).
      'https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/',
      'https://[fec0::1]/', 'https://[2001:db8::1]/', 'https://[ff02::1]/', 'https://[::]/',
    ]) {
      expect(refused(u), u).to.match(/private, loopback or link-local/);
    }
  });

  it('accepts IPv6 forms that embed a public IPv4 address', () => {
    for (const u of ['https://[::ffff:8.8.8.8]/', 'https://[64:ff9b::808:808]/', 'https://[2002:808:808::1]/']) {
      expect(checkDestinationUrl(u, strict).hostname, u).to.be.a('string');
    }
  });

  it('refuses local names (localhost, single labels, .local, .internal)', () => {
    for (const u of ['https://localhost:9200/', 'https://api.localhost/', 'https://splunk/', 'https://printer.local/', 'https://metadata.google.internal/']) {
      expect(refused(u), u).to.match(/private/);
    }
  });

  it('allows them all with PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS', () => {
    expect(checkDestinationUrl('https://localhost:9200/', lenient).hostname).to.equal('localhost');
    expect(checkDestinationUrl('https://10.0.0.5/', lenient).hostname).to.equal('10.0.0.5');
  });

  it('refuses credentials and fragments in the URL', () => {
    expect(refused('https://user:pw@collector.example.com/', lenient)).to.match(/credentials/);
    expect(refused('https://collector.example.com/#x', lenient)).to.match(/fragment/);
    expect(refused('not a url', lenient)).to.match(/valid/);
  });

  it('classifies addresses', () => {
    expectVerdicts(
      isBlockedAddress,
      ['127.0.0.53', '::ffff:10.0.0.1', '64:ff9b::7f00:1', 'not-an-ip', '::7f00:1', '2002:7f00:1::', '198.18.0.1', '203.0.113.9'],
      ['8.8.8.8', '2606:4700:4700::1111'],
    );
  });

  it('refuses at connect time a name that resolves to a loopback address (DNS rebinding)', async () => {
    const lookup = guardedLookup({ allowPrivate: false });
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err).to.be.instanceOf(DestinationRefusedError);
    const allowed = guardedLookup({ allowPrivate: true });
    const res = await new Promise<unknown>((resolve) => allowed('localhost', {}, (e, address) => resolve(e ?? address)));
    expect(res).to.be.a('string').and.match(/^(127\.|::1)/);
  });
});

describe('forwarding: failure descriptions', () => {
  const url = new URL('https://collector.example.com:8443/in?token=SECRET');
  it('names the status with a hint, never the body', () => {
    expect(describeStatus(401)).to.equal('HTTP 401 Unauthorized: the collector rejected the credential: check auth_header_name and auth_header_value');
    expect(describeStatus(503)).to.match(/^HTTP 503 Service Unavailable: /);
  });
  it('tells DNS, refused, TLS and time-out apart without the URL path or query', () => {
    const cases: Array<[unknown, string]> = [
      [Object.assign(new Error('x'), { code: 'ENOTFOUND' }), 'dns'],
      [Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'refused'],
      [Object.assign(new Error('x'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'tls'],
      [Object.assign(new Error('x'), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'tls'],
      [Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'network'],
    ];
    for (const [err, kind] of cases) {
      const d = describeError(err, url, 1000);
      expect(d.kind).to.equal(kind);
      expect(d.error).not.to.include('SECRET');
      expect(d.error).not.to.include('/in');
    }
  });
});
