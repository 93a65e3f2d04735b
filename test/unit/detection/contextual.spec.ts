import { expect } from 'chai';
import { contextualDetectors } from '../../../src/detection/contextual';
import { detectDatesOfBirth } from '../../../src/detection/contextual/date-of-birth';
import { decodeFrontCoded, fold } from '../../../src/detection/contextual/lexicon';
import { detectPersons } from '../../../src/detection/contextual/person';
import { detectPhi } from '../../../src/detection/contextual/phi';
import { detectAddresses } from '../../../src/detection/contextual/street-address';
import { asciiSet, Flag, tokenize, Vocab, type Tokens } from '../../../src/detection/contextual/tokenize';
import { scan } from '../../../src/detection/engine';
import type { DetectContext, Finding } from '../../../src/detection/types';

/** The values reported, in order. */
function values(text: string, found: Finding[]): string[] {
  return found.map((f) => text.slice(f.start, f.end));
}

const persons = (text: string): string[] => values(text, detectPersons(text));
const addresses = (text: string): string[] => values(text, detectAddresses(text));
const births = (text: string): string[] => values(text, detectDatesOfBirth(text));
const phi = (text: string, ctx?: DetectContext): string[] => values(text, detectPhi(text, ctx));

describe('contextual detectors', () => {
  describe('tokens and dictionaries', () => {
    it('decodes front-coded lists', () => {
      expect([...decodeFrontCoded('0ann3a2dy')]).to.deep.equal(['ann', 'anna', 'andy']);
    });

    it('keeps inner apostrophes and hyphens in words and splits a possessive off', () => {
      const T = tokenize("O'Brien met Jean-Luc at Anna's");
      const words = [];
      for (let i = 0; i < T.count; i++) words.push(T.textOf(i));
      expect(words).to.deep.equal(["O'Brien", 'met', 'Jean-Luc', 'at', 'Anna']);
      expect(T.poss(4)).to.equal(true);
    });

    it('interns lower-case words without mixing words that differ', () => {
      const T = tokenize('Maria MARIA maria Mario');
      expect([T.lower(0), T.lower(1), T.lower(2), T.lower(3)]).to.deep.equal(['maria', 'maria', 'maria', 'mario']);
    });

    it('flags words with an ASCII capital after their first letter', () => {
      const T = tokenize('McDowell iPhone Anna CPUs Jean-Luc anna Ärger');
      const inner = [];
      for (let i = 0; i < T.count; i++) inner.push((T.flags[i] & Flag.InnerCap) !== 0);
      expect(inner).to.deep.equal([true, true, false, true, true, false, false]);
    });

    it('flags words with an inner hyphen, and no other word', () => {
      const T = tokenize("Jean-Luc anna-maria x - y O'Brien Blink-182 well-");
      const hyphen = [];
      for (let i = 0; i < T.count; i++) hyphen.push((T.flags[i] & Flag.Hyphen) !== 0);
      // Jean-Luc, anna-maria, x, -, y, O'Brien, Blink, -, 182, well, -
      expect(hyphen).to.deep.equal([true, true, false, false, false, false, false, false, false, false, false]);
    });

    it('flags the tokens that start a line, or a sentence after whitespace', () => {
      const T = tokenize('One. Two!Three ?x\nFour. five');
      const starts = [];
      for (let i = 0; i < T.count; i++) if ((T.flags[i] & Flag.Segment) !== 0) starts.push(T.textOf(i));
      expect(starts).to.deep.equal(['One', 'Two', 'Four', 'five']);
    });

    it('gives every lower-case word one id, also past the first few hundred letters of ids', () => {
      // Words of letters only, all of one length, that differ in one letter: ids are told apart by their letters.
      const word = (n: number): string => `w${String.fromCharCode(97 + (n % 26), 97 + (Math.floor(n / 26) % 26), 97 + Math.floor(n / 676))}`;
      const words = Array.from({ length: 900 }, (_, n) => word(n));
      const written = [...words, ...words.map((w) => w.toUpperCase()), ...words.map((w) => w[0].toUpperCase() + w.slice(1))];
      const T = tokenize(written.join(' '));
      expect(T.count).to.equal(2700);
      // Asked in an order that is not the text's, so that the first lookup of a word is not always its first token.
      const order = Array.from({ length: 2700 }, (_, k) => (k * 7919) % 2700);
      const ids = new Map<string, number>();
      for (const k of order) {
        const lower = written[k].toLowerCase();
        expect(T.lower(k)).to.equal(lower);
        const id = T.wordId(k);
        if (!ids.has(lower)) ids.set(lower, id);
        expect(id).to.equal(ids.get(lower));
      }
      expect(new Set(ids.values()).size).to.equal(900);
      // `tcbua` and `xbaee` have the same token hash: only their letters tell them apart.
      const H = tokenize('Tcbua xbaee TCBUA Xbaee tcbua');
      expect([0, 1, 2, 3, 4].map((k) => H.lower(k))).to.deep.equal(['tcbua', 'xbaee', 'tcbua', 'xbaee', 'tcbua']);
      expect(H.hash[0]).to.equal(H.hash[1]);
      expect(new Set([0, 2, 4].map((k) => H.wordId(k))).size).to.equal(1);
      expect(H.wordId(1)).to.equal(H.wordId(3)).and.not.equal(H.wordId(0));
    });

    it('finds the id of a short word by its packed letters as by its text, and reads one-unit tokens without the text', () => {
      // Up to six ASCII letters: the packed letters (`sig`); an inner apostrophe or hyphen, a seventh
      // letter or a letter outside ASCII: the text. The Kelvin sign lower-cases to `k`: `\u212Aing`
      // is the word `king`, whichever way its id is found first.
      const words = ['KING', '\u212Aing', 'king', 'ab', "a'b", 'AB', 'a-b', 'abcdef', 'ABCDEF', 'abcdefg', 'Abcdefg', 'I', 'i', 'é', 'É'];
      for (const order of [words.map((_, k) => k), words.map((_, k) => words.length - 1 - k)]) {
        const T = tokenize(words.join(' '));
        expect(T.count).to.equal(words.length);
        const ids = new Map<string, number>();
        for (const k of order) {
          const lower = words[k].toLowerCase();
          expect(T.lower(k)).to.equal(lower);
          if (!ids.has(lower)) ids.set(lower, T.wordId(k));
          expect(T.wordId(k)).to.equal(ids.get(lower));
        }
        expect(ids.size).to.equal(8);
      }
      const P = tokenize('I , x\u2019 \ud83d\ude00 ( Ab');
      expect([0, 1, 2, 3, 4, 5, 6].map((k) => P.code(k))).to.deep.equal([73, 44, 120, 0x2019, 0xd83d, 40, 65]);
      expect([P.is(1, ','), P.is(0, ','), P.is(5, '('), P.is(6, 'A'), P.isIn(1, asciiSet(',;')), P.isIn(0, asciiSet(',;')), P.isOneOf(3, '\u2019"')]).to.deep.equal([
        true, false, true, false, true, false, true,
      ]);
    });

    it('keeps the answers of every vocabulary apart, also past the 32 bits of one memo word', () => {
      // Enough vocabularies that the last ones use the memo's second word (or none at all).
      // Words of letters only (a digit ends a word): `wordba` for vocabulary 40, `wordbb` for 41.
      const name = (n: number): string => `word${String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26))}`;
      const vocabs = Array.from({ length: 70 }, (_, n) => new Vocab(new Set([name(n), 'shared'])));
      const T = tokenize(`${name(40).toUpperCase()} ${name(41)} shared ${name(40)}`);
      for (let round = 0; round < 2; round++) {
        expect(T.inVocab(0, vocabs[40])).to.equal(true);
        expect(T.inVocab(0, vocabs[41])).to.equal(false);
        expect(T.inVocab(1, vocabs[41])).to.equal(true);
        expect(T.inVocab(3, vocabs[40])).to.equal(true);
        expect(T.inVocab(1, vocabs[8])).to.equal(false);
        expect(vocabs.every((v) => T.inVocab(2, v))).to.equal(true);
      }
    });

    it('hands token arrays to the next tokenization without anything of the earlier text', () => {
      const snapshot = (T: Tokens) => {
        const rows = [];
        for (let i = 0; i < T.count; i++) rows.push([T.kind[i], T.start[i], T.end[i], T.gap[i], T.flags[i], T.hash[i], T.sig[i], T.lower(i)].join(' '));
        const list = (a: Int32Array, n: number) => Array.from(a.subarray(0, n));
        return { rows, caps: list(T.caps, T.capCount), notable: list(T.notable, T.notableCount), marked: list(T.marked, T.markedCount) };
      };
      // The earlier text is longer, its words are asked (word ids memoised) and its lists are longer.
      const earlier = 'Anna Kowalski lives at 12 Oak Street, Springfield. Born 1 March 1980.\n'.repeat(200);
      // A third of its length: kept arrays serve texts of a quarter of their size and more.
      const later = 'Zed met Bo at 7 Elm Road. ANNA? zed!\n'.repeat(100);
      const A = tokenize(earlier, true);
      for (let i = 0; i < A.count; i++) A.lower(i);
      const kind = A.kind;
      A.release();
      expect(A.count).to.equal(0);
      expect(A.has(0)).to.equal(false);
      const B = tokenize(later, true);
      expect(B.kind).to.equal(kind);
      expect(snapshot(B)).to.deep.equal(snapshot(tokenize(later)));
      // Past its own entries the arrays read zeros, as fresh ones do, not the earlier text's tokens.
      const past = (a: Uint8Array | Int32Array, from: number) => Array.from(a.subarray(from, from + 2000)).some((v) => v !== 0);
      expect([B.kind, B.start, B.end, B.gap, B.flags, B.hash, B.sig].map((a) => past(a, B.count))).to.deep.equal([false, false, false, false, false, false, false]);
      expect([past(B.caps, B.capCount), past(B.notable, B.notableCount), past(B.marked, B.markedCount), past(B.markedBits, B.markedCount)]).to.deep.equal([false, false, false, false]);
      B.release();
      B.release();
      // Without `reuse`, a tokenization never takes them (a detector's own phrases during a scan),
      // and a far shorter text gets fresh ones: they wait for a text of their size.
      expect(tokenize(later).kind).to.not.equal(kind);
      const short = tokenize('Zed met Bo.', true);
      expect(short.kind).to.not.equal(kind);
      short.release();
      expect(tokenize(later, true).kind).to.equal(kind);
    });

    it('finds the same in a text whatever the engine scanned before it', () => {
      const text = 'Send it to Maria Lopez, 221 Baker Street, London NW1 6XE. DOB: 03/04/1975.\n';
      const before = scan(text, { pass: 'full' });
      scan('Peter Parker, 20 Ingram Street, Queens, NY 11375.\n'.repeat(500), { pass: 'full' });
      expect(scan(text, { pass: 'full' })).to.deep.equal(before);
      expect(before.length).to.be.greaterThan(0);
    });

    it('folds diacritics and spells out ø, æ and ß', () => {
      expect(['müller', 'gómez', 'straße', 'søren', 'æsir', 'e\u0301', 'plain', 'dvořák'].map(fold)).to.deep.equal([
        'muller',
        'gomez',
        'strasse',
        'soren',
        'aesir',
        'e',
        'plain',
        'dvorak',
      ]);
    });
  });

  describe('PERSON: names against ordinary words, places and organisations', () => {
    it('counts a long text as code from 5 % of code punctuation among its sampled characters', () => {
      // Unknown capitalised words are identifiers in code: `Zorblat Quenfix` stays a name at 2 code
      // characters in 44 (4.5 %), not at 2 in 39 (5.1 %). 600 KB: the text is sampled in 64 blocks of 4 KB.
      const text = (line: string): string => `${line.repeat(Math.ceil(600_000 / line.length))}We see Zorblat Quenfix today.\n`;
      expect(persons(text('alpha beta gamma delta epsilon zeta eta theta (iota)\n'))).to.deep.equal(['Zorblat Quenfix']);
      expect(persons(text('alpha beta gamma delta epsilon zeta eta (iota)\n'))).to.deep.equal([]);
    });

    it('takes camel-case identifiers for code but keeps McDowell and kin', () => {
      expect(persons('Anna Kowalski and GrafanaClient met.')).to.deep.equal(['Anna Kowalski']);
      expect(persons('Dear HttpServer, please ask Mr. DataLoader.')).to.deep.equal([]);
      expect(persons('Ryan McDowell and Anna Kowalski met.')).to.deep.equal(['Ryan McDowell', 'Anna Kowalski']);
    });

    it('does not take capitalised ordinary words for names (Will, May, Action)', () => {
      expect(persons("Will you send May's report before Friday?")).to.deep.equal([]);
      expect(persons('Action & Adventure, Animation, Comedy, Kids & Family')).to.deep.equal([]);
    });

    it('tells Jordan the country from Jordan the surname', () => {
      expect(persons('We flew to Jordan last year.')).to.deep.equal([]);
      expect(persons('Michael Jordan scored 40 points.')).to.deep.equal(['Michael Jordan']);
    });

    it('takes the word after an honorific as a name even when it is an ordinary word', () => {
      expect(persons('Dr. Wells reviewed the chart.')).to.deep.equal(['Wells']);
      expect(persons('Please forward it to Mrs. Baker.')).to.deep.equal(['Baker']);
    });

    it('finds names with initials and particles', () => {
      expect(persons('The form was signed by Tomasz R. Wierzbicki.')).to.deep.equal(['Tomasz R. Wierzbicki']);
      expect(persons('Minutes taken by Pieter van Dongen.')).to.deep.equal(['Pieter van Dongen']);
    });

    it('finds unknown names from cues (my name is, said) and surname endings', () => {
      expect(persons('My name is Zoltrava and I need help.')).to.deep.equal(['Zoltrava']);
      expect(persons('"We are done," said Kvetoslava Drimbukova.')).to.deep.equal(['Kvetoslava Drimbukova']);
    });

    it('does not report places or organisations as people', () => {
      expect(persons('I grew up in Springfield and moved to New Zealand.')).to.deep.equal([]);
      expect(persons('She works for Goldman Sachs International.')).to.deep.equal([]);
      expect(persons('Johnson & Johnson announced results.')).to.deep.equal([]);
      expect(persons('The Riverside Orchestra toured Northern Portugal.')).to.deep.equal([]);
    });

    it('reads a comma list of surnames ending in "and" as a firm, unless people are announced', () => {
      expect(persons('Our counsel is Baker, Crane and Whitfield.')).to.deep.equal([]);
      expect(persons('Our founders: Morrison, Bell and Ortega.')).to.deep.equal(['Morrison', 'Bell', 'Ortega']);
    });

    it('raises an unknown name joined by "and" to a known one', () => {
      expect(persons('Qwendolyn and Sarah were precision engineers.')).to.deep.equal(['Qwendolyn', 'Sarah']);
    });

    it('finds a name someone is addressed by, and a speaker in a dialogue but not a form label', () => {
      expect(persons("Don't go to town, Qorwin!")).to.deep.equal(['Qorwin']);
      expect(persons('Ubbo: What a day.\nNicole: Remember me?')).to.deep.equal(['Ubbo', 'Nicole']);
      expect(persons('Date: 2020-06-20\nName: Kamila Novak\nPhone: 451 5986')).to.deep.equal(['Kamila Novak']);
      expect(persons('Refill: sertraline, 30 tablets.')).to.deep.equal([]);
    });

    it('recognises a later mention of a name found earlier in the text', () => {
      expect(persons('The verses of Orsolya Vendrik are odd. Is there anyone like early Vendrik?')).to.deep.equal([
        'Orsolya Vendrik',
        'Vendrik',
      ]);
    });

    it('recognises a surname repeated at a sentence start, not a first name or another word there', () => {
      expect(persons('Then Callum Zorvath scored twice. Zorvath\'s second goal came late.')).to.deep.equal(['Callum Zorvath', 'Zorvath']);
      expect(persons('Former chief executive Dennis Quillfeather joined the board. Quillfeather, 61, left in 2019.')).to.deep.equal([
        'Dennis Quillfeather',
        'Quillfeather',
      ]);
      // `Revert` is the first word of the sure name, not its surname: at a sentence start it stays a verb.
      expect(persons('Thanks to Revert Quillfeather for this. Revert the change.')).to.deep.equal(['Revert Quillfeather']);
    });

    it('does not take a firm, a thing or a capital speaking for its government for a person', () => {
      expect(persons('Analysts at Morgan Stanley and Goldman Sachs said the Dow Jones would rise.')).to.deep.equal([]);
      expect(persons('She won an Oscar in 1972. Parliament passed Martha\'s Law.')).to.deep.equal([]);
      expect(persons('Officials said Beijing opposed it. St. Louis Cardinals pitcher Jack Moore threw.')).to.deep.equal(['Jack Moore']);
      expect(persons('Dear Florence, see you in Mt. Vernon.')).to.deep.equal(['Florence']);
    });

    it('reads an English appositive after a name: an age or a role, not an address number', () => {
      expect(persons('Grace Hall, 87, who ran the post office, has died.')).to.deep.equal(['Grace Hall']);
      expect(persons('Rose Wood, the founder of the shop, said so. Amber Stone, its finance chief, agreed.')).to.deep.equal(['Rose Wood', 'Amber Stone']);
      expect(persons('Domicilio: Paseo de santa Eulali, 23, 4 C.')).to.deep.equal([]);
    });

    it('does not take storms, nationalities before a title, titles alone or towns after a place cue for persons', () => {
      expect(persons('Hurricane Beryl made landfall on Monday.')).to.deep.equal([]);
      expect(persons('Macron met German Chancellor Olaf Scholz at the palace.')).to.deep.equal(['Olaf Scholz']);
      expect(persons('The Duke and Duchess of Sussex arrived.')).to.deep.equal([]);
      expect(persons('She ran the post office in Little Barford for years.')).to.deep.equal([]);
    });

    it('finds names in a text written in lower case only from the name lists', () => {
      expect(persons('please call back maria gonzalez tomorrow')).to.deep.equal(['maria gonzalez']);
      expect(persons('the riff and the building energy')).to.deep.equal([]);
    });

    it('ignores words inside e-mail addresses, URLs and camel-case identifiers', () => {
      expect(persons('Write to JohnSmith@example.com or see https://Example.org/Maria')).to.deep.equal([]);
      expect(persons('The GrafanaClient failed to start.')).to.deep.equal([]);
    });

    it('does not report a street named after a person as a person', () => {
      expect(persons('The office is at 12 Rua Machado de Assis 120, Recife.')).to.deep.equal([]);
    });

    it('reads a name after a title of office even when its first word is an ordinary word or in pinyin', () => {
      expect(persons('Foreign Minister Dick Vandermolen met President Xi Qiaoping on Monday.')).to.deep.equal(['Dick Vandermolen', 'Xi Qiaoping']);
      expect(persons('The Prime Minister said the reforms were unrelenting.')).to.deep.equal([]);
      expect(persons('He finished ahead of Dutchman Jos Verbrugghen and met Zhou Enlai and Xi Qiaoping in Beijing.')).to.deep.equal([
        'Jos Verbrugghen', 'Zhou Enlai', 'Xi Qiaoping',
      ]);
      expect(persons('The Kremlin said the talks had ended; the Pentagon declined to comment.')).to.deep.equal([]);
    });

    it('takes a name right after "the" for a thing, unless a person\'s noun follows', () => {
      expect(persons('Crowds filled the White House lawn, the Albert Hall and the Victoria Cross ceremony; the Denver Nuggets won the Stanley Cup.')).to.deep.equal([]);
      expect(persons('Officials of the Trump administration met. Unlike the Quorvin novel, it sold well.')).to.deep.equal(['Trump', 'Quorvin']);
      expect(persons('The Steffen Mauer version sold well.')).to.deep.equal(['Steffen']);
    });

    it('does not read U.S. or U.N. as initials', () => {
      expect(persons('U.S. Treasury Secretary Janet Yellowby and U.N. envoy Kofi Mbeke spoke.')).to.deep.equal(['Janet Yellowby', 'Kofi Mbeke']);
    });

    it('reads initials glued one to the next, at most four, and survives a chain of any length', () => {
      expect(persons("India's M.L. Carrington and V.V.S. Lakshmipathy said so.")).to.deep.equal(['M.L. Carrington', 'V.V.S. Lakshmipathy']);
      // 200,000 glued initials once overflowed the stack (one call per initial).
      const chain = `Dr ${'M.L.'.repeat(100_000)} Carrington said`;
      expect(() => persons(chain)).not.to.throw();
    });

    it('finds fielders and bowlers in a cricket scorecard and names in a bracketed summary of figures', () => {
      expect(persons('England first innings: R. Tallis c Dravidh b Kumbhar 45, P. Gower lbw b Nehrat 12. Bowling: Kumbhar 18-3-56-3, Nehrat 14-2-41-1.')).to.deep.equal([
        'R. Tallis', 'Dravidh', 'Kumbhar', 'P. Gower', 'Nehrat', 'Kumbhar', 'Nehrat',
      ]);
      expect(persons('Scores: India 396 (Pandeyar 209; Mallickh 3-47) and 255.')).to.deep.equal(['Pandeyar', 'Mallickh']);
      expect(persons('The release of Zentrix 2024-06-01 and the (Zentrix 3) build.')).to.deep.equal([]);
      expect(persons('Analítica: VSG 31; Hb 14.1 g/dl; Hto 41; leucocitos 8.200.')).to.deep.equal([]);
      expect(persons('In the final the champion beat Qorvanek 7-6(5) 6-3 and Zeltrin 6-4 6-2.')).to.deep.equal(['Qorvanek', 'Zeltrin']);
      expect(persons('The build Zentrix 1-2 3-4 failed.')).to.deep.equal([]);
      expect(persons('The results: Arsenal 2-1 Chelsea, Everton 0-0 Fulham.')).to.deep.equal([]);
    });

    it('keeps a later mention before a lone digit, not a version', () => {
      expect(persons('Cons: Jack Crowder 3; Pen: Crowder 2.')).to.deep.equal(['Jack Crowder', 'Crowder']);
      expect(persons('It requires Python 3 and Zentrix 2 to run.')).to.deep.equal([]);
    });

    it('does not take eponymous diseases, bodies before a role, teams with a plural verb or employers for persons', () => {
      expect(persons('Parkinson\'s disease and Crohn\'s disease were discussed.')).to.deep.equal([]);
      expect(persons('Benfica president Rui Costa Pinto and Garda Commissioner Drew Harrow spoke.')).to.deep.equal(['Rui Costa Pinto', 'Drew Harrow']);
      expect(persons('Mary Smith\'s lawyer Tom Jones spoke.')).to.deep.equal(['Mary Smith', 'Tom Jones']);
      expect(persons('Hibernian have appointed Callum Dree as head coach.')).to.deep.equal(['Callum Dree']);
      expect(persons('"Rates will fall," said Devin Marsh, an analyst at Piper Hollis.')).to.deep.equal(['Devin Marsh']);
      expect(persons('The Minister for Justice, Helen McAteer, wrote to Transport for London.')).to.deep.equal(['Helen McAteer']);
    });

    it('does not take a prize named after someone, or the town after a letter\'s signature, for a person', () => {
      expect(persons('Europe retained the Ryder Cup; she won the Pulitzer Prize and the Lev Yashin Trophy.')).to.deep.equal([]);
      expect(persons('Sir, the bypass will not cut congestion.\nAlan McKechnie, Ponteland.')).to.deep.equal(['Alan McKechnie']);
      expect(persons('Scorers: Mark Ellis, Qorvan Tebb (2), and Jon Hale.')).to.deep.equal(['Mark Ellis', 'Qorvan Tebb', 'Jon Hale']);
    });

    it('reads a surname that is also a place before a country in brackets, and a bowler named like a town', () => {
      expect(persons('He finished two shots clear of Kiyoshi Ueda (Japan) on Sunday.')).to.deep.equal(['Kiyoshi Ueda']);
      expect(persons('Pakistan first innings: Saeed Anwar c Knight b Cork 29, Ijaz Ahmed not out 40.')).to.deep.equal(['Saeed Anwar', 'Knight', 'Cork', 'Ijaz Ahmed']);
    });

    it('does not take a country in brackets or the team after it in a results list for a person', () => {
      expect(persons('2. Lando Morrow (Britain) McLaren +1.423 3. Arthur Filsand (France) 4-6')).to.deep.equal(['Lando Morrow', 'Arthur Filsand']);
    });

    it('keeps titles of office and court out of the name (Justice, Cllr, Referee, Inspector, Alhaji)', () => {
      expect(persons('Justice Fiona McGuigan adjourned the case. Cllr Tariq Mahmood objected.')).to.deep.equal(['Fiona McGuigan', 'Tariq Mahmood']);
      expect(persons('Referee Anthony Tiernan waved play on; Detective Inspector Sam Bellamy spoke to Alhaji Musa Danjuma Bello.')).to.deep.equal([
        'Anthony Tiernan',
        'Sam Bellamy',
        'Musa Danjuma Bello',
      ]);
      // A title alone names no one.
      expect(persons('The Ministry of Justice and the Inspector of Prisons replied.')).to.deep.equal([]);
    });

    it('finds initialled scorers before their score (goals-points), not a product and its version', () => {
      expect(persons('Scorers: S Ó Floinn 0-9 (6f), P Galvin 1-2, D. Moynihan 0-3.')).to.deep.equal(['S Ó Floinn', 'P Galvin', 'D. Moynihan']);
      expect(persons('Upgrade to Windows 10-11 and the Python 3-4 kit. Exit B 3-4 is closed.')).to.deep.equal([]);
    });

    it('finds a sure name\'s surname again in title case at a sentence start or before a possessive', () => {
      expect(persons('Lead author Dr Ingrid Solberg said so. Solberg\'s team won the prize.')).to.deep.equal(['Ingrid Solberg', 'Solberg']);
      expect(persons('-14 Hannah Whitlock (Eng)\nWhitlock, who holed a putt, said she was fine.')).to.deep.equal(['Hannah Whitlock', 'Whitlock']);
      // Not inside another name, nor after a link or a place label.
      expect(persons('Mercado de Arroios. Junta de Freguesia de Arroios. Provincia: Arroios.')).to.not.include('Arroios');
      expect(persons('Mira Whitlock spoke. Whitlock Avenue and the Whitlock Foundation were closed.')).to.deep.equal(['Mira Whitlock']);
    });

    it('finds names in capitals in a byline and as the speakers of a Q&A, not labels of notes or logs', () => {
      expect(persons('Budget passed\n\nBy AISHA WAMBUI NJOROGE\nNakuru\n\nThe assembly met.')).to.deep.equal(['AISHA WAMBUI NJOROGE']);
      const qa = 'CHIOMA ADEBAYO-WRIGHT co-founded Tessaly.\n\nHALLORAN: Fair?\nADEBAYO-WRIGHT: No.\nHALLORAN: Why?\nADEBAYO-WRIGHT: Cost.';
      expect(persons(qa)).to.deep.equal(['CHIOMA ADEBAYO-WRIGHT', 'HALLORAN', 'ADEBAYO-WRIGHT', 'HALLORAN', 'ADEBAYO-WRIGHT']);
      // One speaker alone is no dialogue; labels that are ordinary words are notes.
      expect(persons('Notes\nHALLORAN: Fair?\nHALLORAN: Why?')).to.deep.equal([]);
      expect(persons('ERROR: disk\nWARNING: slow\nERROR: disk\nWARNING: slow\nBy APPOINTMENT ONLY\nBy BBC SPORT, London')).to.deep.equal([]);
    });

    it('reads a country code in brackets after a name in a results table, and the team after it', () => {
      expect(persons('-12 Kim Seung-ho (Kor); Ruairi Maguire (Irl)\nYuliia Starodub (UKR) bt Coco Harmon (USA) 7-5 6-4')).to.deep.equal([
        'Kim Seung-ho',
        'Ruairi Maguire',
        'Yuliia Starodub',
        'Coco Harmon',
      ]);
      expect(persons('2. Ollie Northcote (GBR) McLaren 1:28.209\n3. Theo Moreau (MON) Ferrari 1:28.331')).to.deep.equal(['Ollie Northcote', 'Theo Moreau']);
      // Not a code: a word in brackets, or a firm's country.
      expect(persons('The Annual Report (PDF) was filed. Acme Widgets (Pty) was filed.')).to.deep.equal([]);
    });

    it('finds players in a line-up parted by semicolons and before a match minute', () => {
      const report = 'The home side were the better team for most of the evening and deserved the win in the end.\n\n';
      expect(persons(`${report}Rovers: Kelleher; Barnard, Okoye, Ashby; McAllister (Finch 63'), Duarte.`)).to.deep.equal([
        'Kelleher',
        'Barnard',
        'Okoye',
        'Ashby',
        'McAllister',
        'Finch',
        'Duarte',
      ]);
      expect(persons("Goals: Tommy Adeyinka 90+2'. Booked: Lund 41’.")).to.deep.equal(['Tommy Adeyinka', 'Lund']);
      // Clauses parted by a semicolon are no list; a year with an apostrophe is no minute.
      expect(persons('Der Herr Bürgermeister eröffnet das Fest auf dem Marktplatz; Grüne Soße gibt es im Zelt.')).to.not.include('Marktplatz');
      expect(persons("The Class of 98' met at Windows 95' launch.")).to.deep.equal([]);
    });

    it('reads ordinary words led by a place word or ending in a landscape word as a place unless a cue or a list speaks for a person', () => {
      expect(persons('The boat capsized on Lake Victoria in May. Residents of Rose Hill say no.')).to.deep.equal([]);
      expect(persons('Sir Geoffrey Pilkington (North Cotswolds) (Con): Will the Minister meet?')).to.deep.equal(['Geoffrey Pilkington']);
      expect(persons('Faith Hill and Damon Hill sang; Rose Hill said she would.')).to.deep.equal(['Faith Hill', 'Damon Hill', 'Rose Hill']);
    });

    it('reads the runner before its rider in brackets and the odds in a racing result as no person', () => {
      const card = "The going was soft at Cheltenham today after the rain.\n1.30 Hurdle: 1. Sir Gino's Echo (Paddy Brennock) 5-2f, 2. Lady Marigold (Harry Cobham) 9-1.";
      expect(persons(card)).to.deep.equal(['Paddy Brennock', 'Harry Cobham']);
      // A tennis score after a country in brackets keeps the player.
      expect(persons('Ana Soria (Costa Rica) 6-4 6-2 beat Maria Lopez.')).to.deep.equal(['Ana Soria', 'Maria Lopez']);
    });

    it('reads a given name after a brand\'s possessive or listed with a brand as a product', () => {
      expect(persons("Anthropic's Claude and Google's Gemini compete. It runs on Gemini and Claude.")).to.deep.equal([]);
      expect(persons("Claude Monet painted it. Tesla's Musk said no. Claude and Marie went home. Anna and Google staff met.")).to.deep.equal([
        'Claude Monet',
        'Musk',
        'Claude',
        'Marie',
        'Anna',
      ]);
    });
  });

  describe('STREET_ADDRESS: formats and parts', () => {
    it('finds a US address with city, state and ZIP', () => {
      expect(addresses('Send it to 350 Fifth Avenue, New York, NY 10118.')).to.deep.equal([
        '350 Fifth Avenue, New York, NY 10118',
      ]);
    });

    it('follows an address across line breaks: unit, city, postcode, country', () => {
      const text = 'Jane Roe\n22 Acacia Avenue\nApt 4B\nLeeds LS6 2AB\nUnited Kingdom\n\nThanks!';
      expect(addresses(text)).to.deep.equal(['22 Acacia Avenue\nApt 4B\nLeeds LS6 2AB\nUnited Kingdom']);
    });

    it('finds continental formats (street, then number)', () => {
      expect(addresses('Adresse: Hauptstraße 12, 10115 Berlin')).to.deep.equal(['Hauptstraße 12, 10115 Berlin']);
      expect(addresses('Mieszkam przy ul. Zamkowa 33, Kraków')).to.deep.equal(['ul. Zamkowa 33, Kraków']);
      expect(addresses('Meet me at Nørregade 7')).to.deep.equal(['Nørregade 7']);
    });

    it('finds post boxes and military post', () => {
      expect(addresses('PO Box 4471, Anchorage, AK 99509')).to.deep.equal(['PO Box 4471, Anchorage, AK 99509']);
      expect(addresses('Mail: PSC 1234, Box 5678\nAPO AE 09012')).to.deep.equal(['PSC 1234, Box 5678\nAPO AE 09012']);
    });

    it('scores by the parts present', () => {
      const bare = detectAddresses('It is at 14 Crown Street.')[0];
      const full = detectAddresses('It is at 14 Crown Street, Suite 3, London SW1A 1AA, United Kingdom.')[0];
      expect(bare.score).to.be.lessThan(full.score);
    });

    it('looks ahead for a lower-case street type and finds several addresses in one text', () => {
      // `wei` is found by the look-ahead only if lower-case street types are notable tokens.
      expect(addresses('Wir wohnen in der Lange wei 7 seit Jahren.')).to.deep.equal(['Lange wei 7']);
      const text = 'Office: 12 Oak Street. Home: Nørregade 13, 1165 København K, Danmark. Old: Storgatan 5, 211 34 Malmö, Sverige';
      expect(addresses(text)).to.deep.equal(['12 Oak Street', 'Nørregade 13, 1165 København K, Danmark', 'Storgatan 5, 211 34 Malmö, Sverige']);
    });

    it('does not start a street inside keys and hashes (tokens glued to the one before)', () => {
      expect(addresses('hash 4924be8f51Oak 12 and key K0n5Street 7; Postfach 12')).to.deep.equal(['Postfach 12']);
    });

    it('does not take counts, versions or dates for addresses', () => {
      expect(addresses('Michael Jordan scored 40 points.')).to.deep.equal([]);
      expect(addresses('Chapter 5 covers Windows 10 and Office 365.')).to.deep.equal([]);
      expect(addresses('In 2019 Apple released 3 new phones.')).to.deep.equal([]);
      expect(addresses('Hi Ahmed, can you review PR 42?')).to.deep.equal([]);
      expect(addresses('token 67VvzSaM7 and 8YSEUGZKNW90Y')).to.deep.equal([]);
      expect(addresses('The event is on 12 March 2020 in Oslo.')).to.deep.equal([]);
    });
  });

  describe('DATE_OF_BIRTH: only dates near a birth cue', () => {
    it('reports a date after DOB, born, date of birth or geb.', () => {
      expect(births('DOB: 04/07/1980')).to.deep.equal(['04/07/1980']);
      expect(births('She was born on 12 May 1990 in Leeds.')).to.deep.equal(['12 May 1990']);
      expect(births('Date of birth: 1985-11-02')).to.deep.equal(['1985-11-02']);
      expect(births('Max Muster, geb. 12.03.1979, wohnhaft in Köln')).to.deep.equal(['12.03.1979']);
      expect(births('He was born on March 5th, 1971.')).to.deep.equal(['March 5th, 1971']);
      expect(births('My birthday is on June 5.')).to.deep.equal(['June 5']);
    });

    it('leaves other dates alone', () => {
      expect(births('Invoice date 04/07/1980')).to.deep.equal([]);
      expect(births('The contract was signed on 12 May 1990.')).to.deep.equal([]);
      expect(births('Born in the USA was released on 4 June 1984.')).to.deep.equal([]);
    });

    it('takes a year alone only right after "born"', () => {
      expect(births('Ada (born 1815) wrote the first program.')).to.deep.equal(['1815']);
      expect(births('Born to run, 1975 edition.')).to.deep.equal([]);
    });
  });

  describe('PHI: health information only near a patient context or an identifier', () => {
    it('reports a condition after "diagnosed with" and next to a name', () => {
      expect(phi('Patient John Smith was diagnosed with type 2 diabetes.')).to.deep.equal(['type 2 diabetes']);
    });

    it('ignores health words without a person or a patient context', () => {
      expect(phi('Diabetes is a common condition worldwide.')).to.deep.equal([]);
      expect(phi('Our foundation funds research into asthma and heart disease.')).to.deep.equal([]);
      expect(phi('The insulin market grew 4% last quarter.')).to.deep.equal([]);
    });

    it('uses identifiers the pattern recognizers found (e-mail, record numbers)', () => {
      const text = 'Refill for jdoe@example.org: sertraline, 30 tablets.';
      const at = text.indexOf('jdoe@example.org');
      const ctx: DetectContext = {
        lower: text.toLowerCase(),
        findings: [{ type: 'EMAIL', dataTypes: ['PII'], start: at, end: at + 16, score: 0.9, recognizer: 'email' }],
      };
      expect(phi('Refill: sertraline, 30 tablets.')).to.deep.equal([]);
      expect(phi(text, ctx)).to.deep.equal(['sertraline']);
    });

    it('reports the health words as PHI with the PHI data type', () => {
      const [f] = detectPhi('MRN 00482913: scheduled for colonoscopy next Tuesday.');
      expect(f.type).to.equal('PHI');
      expect(f.dataTypes).to.deep.equal(['PHI']);
    });
  });

  describe('all detectors', () => {
    it('declare PII for names, addresses, dates of birth and the columns of lists, PHI for health and dates in health records', () => {
      const byType = Object.fromEntries(contextualDetectors.map((d) => [d.type, d.dataTypes]));
      expect(byType).to.deep.equal({
        PERSON: ['PII'],
        STREET_ADDRESS: ['PII'],
        DATE_OF_BIRTH: ['PII'],
        DATE: ['PHI'],
        PHI: ['PHI'],
        SOCIAL_SECURITY_NUMBER: ['PII'],
      });
    });

    it('share one tokenization within a scan and stay linear on hostile input', function () {
      this.timeout(30_000);
      // Long runs of capitals, numbers and cue words: the kind of input that makes
      // backtracking detectors explode. 400 KB takes well under a second here; a quadratic
      // detector would take minutes, so the bound is loose enough for a busy machine.
      const unit = 'Dear Mr A B C D E F G 12 34 56 Street Avenue born DOB patient diagnosed ';
      // And delimited lists: a header line whose last cell is 150 K opening parentheses and no
      // closing one (a trailing-parenthetical regex took about a minute there), a header over
      // one 400 KB row.
      const lists = `\nnombre;dni;${'( '.repeat(150_000)}x\nnombre;apellidos;dni\n${'a;'.repeat(200_000)}`;
      const text = unit.repeat(Math.ceil(400_000 / unit.length)) + lists;
      const ctx: DetectContext = { lower: '', findings: [] };
      const started = Date.now();
      for (const d of contextualDetectors) d.detect(text, ctx);
      expect(Date.now() - started).to.be.lessThan(15_000);
    });
  });
});
