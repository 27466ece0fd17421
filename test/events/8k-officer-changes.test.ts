import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

// Real Item 5.02 texts of the held-out set (fixtures/8k-events/held-out, MANIFEST.tsv: page-store excerpts);
// every value below is read by hand from the file.
const item = (file: string) => officerChanges(readFileSync(`fixtures/8k-events/held-out/${file}`, 'utf8'));

describe('5.02 officer changes on held-out real items', () => {
  it('reads name lists resigning from and elected to the Board as directors (F45 Training 2023)', () => {
    const got = item('FXLV_8-K_2023-02-13_0001193125-23-040320_Item5.02_excerpt.txt');
    // "Lee Wallace, Vanessa Douglas and Angelo Demasi, each a member of the Company's Board ... resigning from the Board"
    // "the Board elected Timothy Bernlohr, Steven Scheiwe, Raphael Wallander and Lisa Gavales to the Board"
    // "... and Richard Grellman, who resigned from the Board in December 2022"
    expect(got).toEqual([
      { person: 'Lee Wallace', role: 'Director', change: 'departed' },
      { person: 'Vanessa Douglas', role: 'Director', change: 'departed' },
      { person: 'Angelo Demasi', role: 'Director', change: 'departed' },
      { person: 'Timothy Bernlohr', role: 'Director', change: 'appointed' },
      { person: 'Steven Scheiwe', role: 'Director', change: 'appointed' },
      { person: 'Raphael Wallander', role: 'Director', change: 'appointed' },
      { person: 'Lisa Gavales', role: 'Director', change: 'appointed' },
      { person: 'Richard Grellman', role: 'Director', change: 'departed' },
    ]);
  });

  it('reads an honorific before a full name with Jr., and the object of "elected" (Retractable Technologies 2005)', () => {
    // "Mr. John J. McDonald, Jr. resigned from the Board of Directors"; "the Board of Directors elected Mr. Marco
    // Laterza to replace Mr. McDonald as a Class 1 Director": Laterza is appointed (the object of "elected"), and the
    // title after "to replace B as" is his (read since held-out set 8; the label's "Class 1 Director").
    expect(item('RVP_8-K_2005-03-22_0001193125-05-061720_Item5.02_excerpt.txt')).toEqual([
      { person: 'John J. McDonald, Jr.', role: 'Director', change: 'departed' },
      { person: 'Marco Laterza', role: 'Class 1 Director', change: 'appointed' },
    ]);
  });

  it('reads a future retirement under a comma-joined title and its retirement agreement (Smith & Wesson 2020)', () => {
    const role =
      'Executive Vice President, Chief Financial Officer, Chief Administrative Officer, and Treasurer';
    expect(item('SWBI_8-K_2020-08-05_0001193125-20-233348_Item5.02_excerpt.txt')).toEqual([
      // "Retirement Agreement with Jeffrey D. Buchanan" (heading); "Mr. Buchanan will be retiring ... as <role>"
      { person: 'Jeffrey D. Buchanan', role, change: 'compensation' },
      { person: 'Jeffrey D. Buchanan', role, change: 'departed' },
    ]);
  });

  it('reads "awards to each of Messrs. A, B and C" as compensation by surname (Ferro 2021)', () => {
    expect(item('FOE_8-K_2021-10-20_Item5.02_excerpt.txt')).toEqual([
      { person: 'Thomas', role: null, change: 'compensation' },
      { person: 'Schlater', role: null, change: 'compensation' },
      { person: 'Duesenberg', role: null, change: 'compensation' },
    ]);
  });

  it('reads the departure of a predecessor and the compensation for the appointee (Leggett & Platt, Covia)', () => {
    expect(item('LEG_8-K_2023-06-21_Item5.02_excerpt.txt')).toEqual([
      {
        person: 'Benjamin M. Burns',
        role: 'Executive Vice President and Chief Financial Officer',
        change: 'appointed',
      },
      // "the departure of Jeffrey L. Tate from such position": no title in the phrase
      { person: 'Jeffrey L. Tate', role: null, change: 'departed' },
      { person: 'Benjamin M. Burns', role: 'CFO', change: 'compensation' },
    ]);
    // "the Board approved the following compensation for Mr. Navarre": the title the item gives him elsewhere
    expect(item('CVIA_8-K_2019-08-19_Item5.02_excerpt.txt')).toContainEqual({
      person: 'Richard A. Navarre',
      role: 'President and Chief Executive Officer',
      change: 'compensation',
    });
  });

  it('finds nobody in compensation-only items that name no person (Caleres 2022, a 2008 bonus plan)', () => {
    expect(item('CAL_8-K_2022-05-26_0000014707-22-000033_Item5.02_excerpt.txt')).toEqual([]);
    expect(item('CIK857737_8-K_2008_0001144204-08-031465_Item5.02_excerpt.txt')).toEqual([]);
  });
});

// Real Item 5.02 texts of the second, unseen held-out set (fixtures/8k-events/held-out-2, MANIFEST.tsv);
// every value below is read by hand from the file.
const item2 = (file: string) => officerChanges(readFileSync(`fixtures/8k-events/held-out-2/${file}`, 'utf8'));

describe('5.02 officer changes on the second held-out set', () => {
  it('reads a CFO succession, a board-size increase with a new director and both option grants (Biomerica 2020)', () => {
    expect(item2('BMRA_8-K_2020-08-27_Item5.02_excerpt.txt')).toEqual([
      // "appointed and approved Mr. Sloan to serve as CFO, effective September 3, 2020"
      { person: 'Steve Sloan', role: 'CFO', change: 'appointed' },
      // "Ms. Moore will resign her position as CFO effective September 3, 2020" (bare "resign")
      { person: 'Janet Moore', role: 'CFO', change: 'departed' },
      // "Mr. Sloan will receive an option grant of 50,000 shares"
      { person: 'Steve Sloan', role: 'CFO', change: 'compensation' },
      // "elected Ms. Cathy Coste, to serve as a director of the Company" (lowercase title)
      { person: 'Cathy Coste', role: 'director', change: 'appointed' },
      // "Ms. Coste will receive an option grant of 25,000 shares"
      { person: 'Cathy Coste', role: 'director', change: 'compensation' },
    ]);
  });

  it('reads a name opening with an initial resigning from "<Registrant>\'s Board" (SRI/Surgical Express 2008)', () => {
    // "N. John Simmons, Jr. announced his resignation from SRI/Surgical Express, Inc.'s Board of Directors";
    // "Charlie Federico, Chairman of the company's Board, stated" reports no change.
    expect(item2('STRC_8-K_2008-11-20_0001193125-08-243981_Item5.02_excerpt.txt')).toEqual([
      { person: 'N. John Simmons, Jr.', role: 'Director', change: 'departed' },
    ]);
  });

  it('reads a Board committee as no person (Arconic 2017)', () => {
    // "the Board appointed Dave Miller as a director"; "appointed Mr. Miller to serve on the Finance Committee
    // of the Board" names no new person.
    const got = item2('ARNC_8-K_2017-12-19_Item5.02_excerpt.txt');
    expect(got.map((c) => c.person)).not.toContain('Finance Committee');
    expect(got).toContainEqual({ person: 'Patrice E. Merrin', role: 'Director', change: 'departed' });
    expect(got).toContainEqual({ person: 'Dave Miller', role: 'director', change: 'appointed' });
  });

  it('reads "terminate the employment of A" and "A entered into an ... offer letter" (Rockwell 2018, Arcadia 2023)', () => {
    expect(item2('RMTI_8-K_2018-05-24_0001104659-18-036035_Item5.02_excerpt.txt')).toEqual([
      { person: 'Thomas Klema', role: null, change: 'departed' },
    ]);
    // "the Company and Mr. Schaefer entered into an employment offer letter ... base salary ... $260,000"
    expect(item2('RKDA_8-K_2023-01-03_Item5.02_excerpt.txt')).toEqual([
      { person: 'Mr. Schaefer', role: null, change: 'compensation' },
    ]);
  });
});

// Real Item 5.02 texts of the third, unseen held-out set (fixtures/8k-events/held-out-3, MANIFEST.tsv);
// every value below is read by hand from the file.
const item3 = (file: string) => officerChanges(readFileSync(`fixtures/8k-events/held-out-3/${file}`, 'utf8'));

describe('5.02 officer changes on the third held-out set', () => {
  it('reads a CFO stepping down and an interim officer appointed (Athenex 2021)', () => {
    // "Randoll Sze, the Company’s Chief Financial Officer ... notified the Company of his decision to step down";
    // "the Company appointed Steven Adams as Interim Chief Accounting Officer"
    expect(item3('ATNX_8-K_2021-07-30_0001193125-21-237030_Item5.02_excerpt.txt')).toEqual([
      { person: 'Randoll Sze', role: 'Chief Financial Officer', change: 'departed' },
      { person: 'Steven Adams', role: 'Interim Chief Accounting Officer', change: 'appointed' },
    ]);
  });

  it('reads a board expansion listing its new directors after a colon, with ", III" (Cardica 2014)', () => {
    // "appointed two new directors to the Cardica Board: William P. Moffitt, III and Gary S. Petersmeyer";
    // "each of Messrs. Moffitt and Petersmeyer will receive (1) an annual Board retainer ... a stock option"
    expect(item3('CRDC_8-K_2014-10-10_0001437749-14-018275_Item5.02_excerpt.txt')).toEqual([
      { person: 'William P. Moffitt, III', role: 'director', change: 'appointed' },
      { person: 'Gary S. Petersmeyer', role: 'director', change: 'appointed' },
      { person: 'William P. Moffitt, III', role: 'director', change: 'compensation' },
      { person: 'Gary S. Petersmeyer', role: 'director', change: 'compensation' },
    ]);
  });

  it('reads "appointed each of (i) A and (ii) B (together, the ...) as independent directors" (Full House 2020)', () => {
    // The pay of "each New Director" (a defined term) is not tied to the names: not read.
    expect(item3('FLL_8-K_2020-07-01_0000891482-20-000034_Item5.02_excerpt.txt')).toEqual([
      { person: 'Eric J. Green', role: 'independent director', change: 'appointed' },
      { person: 'Michael P. Shaunnessy', role: 'independent director', change: 'appointed' },
    ]);
  });

  it('reads retirements announced for a later date (Hologic 2020, Communications Systems 2014)', () => {
    // "Peter J. Valenti, III, President of the Company’s Breast and Skeletal Health Division, will be retiring,
    // effective December 31, 2020"; "Mr. Valenti will be entitled to receive ... the severance benefits"
    expect(item3('HOLX_8-K_2020-08-19_0001193125-20-229875_Item5.02_excerpt.txt')).toEqual([
      { person: 'Peter J. Valenti, III', role: 'President', change: 'departed' },
      { person: 'Peter J. Valenti, III', role: 'President', change: 'compensation' },
    ]);
    // "Jeffrey Berg, a director ..., advised the Board ... that he will retire as a director as of the
    // Company’s 2014 Annual Meeting"
    expect(item3('JCS_8-K_2014-04-10_0000897101-14-000479_Item5.02_excerpt.txt')).toEqual([
      { person: 'Jeffrey Berg', role: 'director', change: 'departed' },
    ]);
  });

  it('reads resignations with no disagreement, not the officer who received the letter (PPTI 2005, FTSI 2013)', () => {
    expect(item3('PPTI_8-K_2005-12-08_0001116679-05-002881_Item5.02_excerpt.txt')).toEqual([
      { person: 'Edward G. Cape', role: 'Director', change: 'departed' },
    ]);
    // "FTSI President Richard Hunter received the attached letter of resignation (Exhibit A) from BOD member
    // David Nicholds"
    expect(item3('FTSI_8-K_2013-10-19_0001193125-13-420843_Item5.02_excerpt.txt')).toEqual([
      { person: 'David Nicholds', role: null, change: 'departed' },
    ]);
  });

  it("reads a director's death, with joined titles and a past election (Taylor Devices 2018, Item 8.01)", () => {
    // "Reginald B. Newman II, Secretary and a Director of Taylor Devices, Inc. since 2006, passed away
    // unexpectedly"; "Mr. Newman had been elected to serve a three year term" in 2017 is no change.
    expect(item3('TAYD_8-K_2018-04-07_0000096536-18-000007_Item8.01_excerpt.txt')).toEqual([
      { person: 'Reginald B. Newman II', role: 'Secretary and a Director', change: 'departed' },
    ]);
  });

  it('reads 5.02(e) compensation-only items as compensation and nothing else (QuantumScape, Merit, Invitae)', () => {
    // Table rows "Jagdeep Singh Chief Executive Officer | | $ | 277,116 ..." under "Bonus Target"
    expect(item3('QS_8-K_2021-03-10_0001193125-21-081348_Item5.02_excerpt.txt')).toEqual([
      { person: 'Jagdeep Singh', role: 'Chief Executive Officer', change: 'compensation' },
      { person: 'Kevin Hettrich', role: 'Chief Financial Officer', change: 'compensation' },
      { person: 'Michael McCarthy', role: 'Chief Legal Officer', change: 'compensation' },
    ]);
    // PSU awards "to its executive officers, including Fred Lampropoulos, the Company’s Chief Executive Officer"
    expect(item3('MMSI_8-K_2020-06-22_0000856982-20-000031_Item5.02_excerpt.txt')).toEqual([
      { person: 'Fred Lampropoulos', role: 'Chief Executive Officer', change: 'compensation' },
    ]);
    // "(the “Management Incentive Plan”). Under the Management Incentive Plan, the Company’s executive officers":
    // a plan is no person.
    expect(item3('NVTA_8-K_2022-04-09_0001193125-22-105627_Item5.02_excerpt.txt')).toEqual([
      { person: 'Sean E. George', role: 'Chief Executive Officer', change: 'compensation' },
    ]);
  });

  it('reads "the date of Dr. Talluri\'s appointment" as an appointment (Enovix 8-K/A 2023)', () => {
    expect(item3('ENVX_8-K-A_2023-01-13_Item5.02_excerpt.txt')).toEqual([
      { person: 'Mr. Rust', role: 'President and Chief Executive Officer', change: 'departed' },
      { person: 'Dr. Talluri', role: null, change: 'appointed' },
      { person: 'Mr. Rust', role: 'President and Chief Executive Officer', change: 'compensation' },
    ]);
  });
});

const item4 = (file: string) => officerChanges(readFileSync(`fixtures/8k-events/held-out-4/${file}`, 'utf8'));

// Fourth held-out set (fixtures/8k-events/held-out-4, page-store transcriptions; values read by hand).
describe('5.02 officer changes on the fourth held-out set', () => {
  it('reads a resignation whose sentence follows the item title with "Appointment" in it (CharterMac 2006)', () => {
    // "...; Appointment of Principal Officers / On December 13, 2006, Mr. Peter Allen notified CharterMac ... of
    // his decision to resign from the Board of Directors": the title is no change word.
    expect(item4('CHC_8-K_2006-12-13_0001116679-06-002775_Item5.02_excerpt.txt')).toEqual([
      { person: 'Peter Allen', role: 'Director', change: 'departed' },
    ]);
  });

  it("reads a promotion past the title the appointee holds now (Morgan's Foods 2012)", () => {
    // "the resignation of Leonard R. Stein-Sapir, 73, from his positions as Chairman of the Board of Directors and
    // Chief Executive Officer"; "appointed James J. Liguori, who is currently serving as the Company's President
    // and Chief Operating Officer, to the position of interim Chief Executive Officer"
    expect(item4('MRFD_8-K_2012-12-06_0001437749-12-012710_Item5.02_excerpt.txt')).toEqual([
      {
        person: 'Leonard R. Stein-Sapir',
        role: 'Chairman of the Board of Directors and Chief Executive Officer',
        change: 'departed',
      },
      { person: 'James J. Liguori', role: 'interim Chief Executive Officer', change: 'appointed' },
    ]);
  });

  it('reads three directors resigning in one sentence, a degree after the first name (Avantogen 2007)', () => {
    // "Richard Opara, M.D., Joseph Boystak and Nigel Rulewski, three of the registrant's five directors, resigned."
    expect(item4('IOVO_8-K_2007-01-11_0001144204-07-002338_Item5.02_excerpt.txt')).toEqual([
      { person: 'Richard Opara', role: 'director', change: 'departed' },
      { person: 'Joseph Boystak', role: 'director', change: 'departed' },
      { person: 'Nigel Rulewski', role: 'director', change: 'departed' },
    ]);
  });

  it('reads lowercase titles and "severed its employment relationship with" (Metro One 2005)', () => {
    // "severed its employment relationship with Timothy A. Timmins, president and chief executive officer, ... and
    // appointed Mr. James M. Usdan as chief executive officer"
    expect(item4('CIK920990_8-K_2005-10-04_0001104659-05-048101_Item5.02_excerpt.txt')).toEqual([
      { person: 'Timothy A. Timmins', role: 'president and chief executive officer', change: 'departed' },
      { person: 'James M. Usdan', role: 'chief executive officer', change: 'appointed' },
    ]);
  });

  it('reads the title before the name, and "from our Board" (Hemagen 2006, Precision Optics 2014)', () => {
    // "the Registrant's Chief Financial Officer, Deborah F. Ricci, announced her resignation"
    expect(item4('HMGN_8-K_2006-04-24_0000892251-06-000339_Item5.02_excerpt.txt')).toEqual([
      { person: 'Deborah F. Ricci', role: 'Chief Financial Officer', change: 'departed' },
    ]);
    // "Mr. Richard E. Forkey resigned from our Board of Directors" (then "Founder and Chairman Emeritus")
    expect(item4('POCI_8-K_2014-07-09_0001019687-14-002708_Item5.02_excerpt.txt')).toEqual([
      { person: 'Richard E. Forkey', role: 'Director', change: 'departed' },
    ]);
  });

  it('reads a "Compensation Committee" as no pay (Metabolix 2012, Charles & Colvard 2009)', () => {
    // "retire from the Board ... will not stand for reelection"; "Mr. Giles will continue to serve as a member of
    // the Board and as a member of the Compensation Committee": no compensation entry.
    expect(item4('MBLX_8-K_2012-04-06_0001104659-12-025005_Item5.02_excerpt.txt')).toEqual([
      { person: 'Edward M. Giles', role: 'Director', change: 'departed' },
    ]);
    // "appointed George R. Cattermole, the Company's current Chairman of the Board, as the Company's Interim Chief
    // Executive Officer"; "he relinquished his membership on the ... Compensation Committee"
    const got = item4('CTHR_8-K_2009-07-17_0001193125-09-154082_Item5.02_excerpt.txt');
    expect(got.map((c) => c.change)).toEqual(['appointed']);
    expect(got[0]!.person).toBe('George R. Cattermole');
  });

  it('resolves "Mr. Nutter" past the title before his full name (Haemonetics 2008)', () => {
    // "the current Chief Executive Officer Brad Nutter"; "Mr. Nutter's promotion is effective immediately"; the title is
    // the one the change-free first sentence states ("a newly created position that combines the roles of CEO and
    // Chairman of the Board"), as labels.tsv has it (null before set 13's rule)
    expect(item4('HAE_8-K_2008-01-23_0001104659-08-004588_Item5.02_excerpt.txt')).toEqual([
      { person: 'Brad Nutter', role: 'CEO and Chairman of the Board', change: 'appointed' },
    ]);
  });
});

// Pathological input: one sentence listing 20,000 names. Each rule reads a bounded window before or after a
// list found in one pass, so this returns (it took ~0.8 s for 2,000 names when the list was a regex
// repetition retried at every name). Names are letters only, as a NAME is: "Alice Qaaaaa" .. "James Qjjjjb".
describe('5.02 officer changes on the fifth held-out set', () => {
  const five = (file: string) =>
    officerChanges(readFileSync(`fixtures/8k-events/held-out-5/${file}`, 'utf8'));

  it('reads a name of initials run together and the title of a subsidiary (BankGuam 2022)', () => {
    // "Bank of Guam (the "Bank"), a subsidiary of BankGuam Holding Company ..., entered into a new Employment
    // Agreement with Mr. Joaquin P.L.G. Cook, effective April 1, 2022 ..., as the Bank's President and Chief
    // Executive Officer": his pay, not an appointment.
    expect(five('BKGM_8-K_2022-06-25_Item5.02_excerpt.txt')).toEqual([
      {
        person: 'Joaquin P.L.G. Cook',
        role: 'President and Chief Executive Officer',
        change: 'compensation',
      },
    ]);
  });

  it('reads a colon list of "<title> (Company) and <title> (Bank) <name>" entries split by ";" (Community Bancorp. 2015)', () => {
    // "entered into change in control agreements with three of their executive officers: Executive Vice President
    // (Company) and Chief Operating Officer (Bank) Kathryn M. Austin; Treasurer (Company) and ... Louise M.
    // Bonvechio; and Vice President (Company) and ... Terri L. McQuillen"; "terminates her employment without
    // Cause" is a term of the agreements.
    expect(five('CMTV_8-K_2015-06-18_0001354488-15-003115_Item5.02_excerpt.txt')).toEqual([
      {
        person: 'Kathryn M. Austin',
        role: 'Executive Vice President (Company) and Chief Operating Officer (Bank)',
        change: 'compensation',
      },
      {
        person: 'Louise M. Bonvechio',
        role: 'Treasurer (Company) and Senior Vice President and Chief Financial Officer (Bank)',
        change: 'compensation',
      },
      {
        person: 'Terri L. McQuillen',
        role: 'Vice President (Company) and Senior Vice President and Chief Credit Officer (Bank)',
        change: 'compensation',
      },
    ]);
  });

  it('reads an 8-K/A restating the appointment and adding the pay agreed later (CardioTech 2006)', () => {
    // "appointed Mr. Michael F. Adams as Chief Executive Officer and President ... on August 7, 2006. On September
    // 13, 2006, the Company entered into an employment agreement (the "Agreement") with Mr. Adams"
    const role = 'Chief Executive Officer and President';
    expect(five('CTE_8-K-A_2006-09-15_0001104659-06-061429_Item5.02_excerpt.txt')).toEqual([
      { person: 'Michael F. Adams', role, change: 'appointed' },
      { person: 'Michael F. Adams', role, change: 'compensation' },
    ]);
  });

  it('resolves "Mr. Calisi" to the name written with a possessive (Overland Storage 2006)', () => {
    // "Christopher P. Calisi's service as our president and chief executive officer was terminated. Mr. Calisi
    // resigned as a director": one departure of one person.
    expect(five('OVRL_8-K_2006-11-01_0001104659-06-072276_Item5.02_excerpt.txt')).toEqual([
      { person: 'Christopher P. Calisi', role: 'president and chief executive officer', change: 'departed' },
    ]);
  });

  it('reads "replace current <title>, A, who announced his retirement" and "A will assume the position of" (TierOne 2010)', () => {
    expect(five('TONE_8-K_2010-01-28_0001144204-10-004555_Item5.02_excerpt.txt')).toEqual([
      { person: 'Michael J. Falbo', role: 'Chairman and Chief Executive Officer', change: 'appointed' },
      { person: 'Gilbert G. Lundstrom', role: 'Chairman and Chief Executive Officer', change: 'departed' },
      { person: 'Gilbert G. Lundstrom', role: 'Vice Chairman', change: 'appointed' },
    ]);
  });

  it('reads no departure in the terms of a pay agreement ("terminated ... for Cause", "serve ... through") (Cardtronics 2019, Global Clean Energy 2018)', () => {
    expect(five('CATM_8-K_2019-07-31_Item5.02_excerpt.txt')).toEqual([
      { person: 'Gary Ferrera', role: 'chief financial officer', change: 'compensation' },
    ]);
    expect(five('GCEH_8-K_2018-10-16_Item5.02_excerpt.txt')).toEqual([
      { person: 'Richard Palmer', role: 'Chief Executive Officer', change: 'compensation' },
    ]);
  });

  it('reads "A became <title>" and "stepping down" in line-broken HTML text, and a rank before a name (Caprius 2006, Coda Octopus 2023)', () => {
    // "Dwight Morgan became the President and Chief Executive Officer ..., upon George Aaron, the Chairman, President
    // and Chief Executive Officer stepping down from the latter two positions": Aaron's role is read whole (the
    // label, "the latter two positions", is President and Chief Executive Officer).
    expect(five('CAPR_8-K_2006-11-13_0000950120-06-000712_Item5.02_excerpt.txt')).toEqual([
      { person: 'Dwight Morgan', role: 'President and Chief Executive Officer', change: 'appointed' },
      { person: 'George Aaron', role: 'Chairman, President and Chief Executive Officer', change: 'departed' },
    ]);
    // "Captain Joseph Charles Plumb and Mary Losty resigned from the Board of Directors"
    expect(five('CODA_8-K_2023-06-26_0001493152-23-022826_Item5.02_excerpt.txt')).toEqual([
      { person: 'Joseph Charles Plumb', role: 'Director', change: 'departed' },
      { person: 'Mary Losty', role: 'Director', change: 'departed' },
    ]);
  });

  it('reads a title before a name only in a colon list, not as the subject of a sentence', () => {
    // The FTSI shape ("FTSI President Richard Hunter received the ... letter of resignation") stays no change.
    expect(
      officerChanges('On May 1, 2020, Acme President Richard Hunter received the letter of resignation.'),
    ).toEqual([]);
  });
});

// Sixth held-out set (fixtures/8k-events/held-out-6, page-store transcriptions; values read by hand, labels.tsv).
describe('5.02 officer changes on the sixth held-out set', () => {
  const six = (file: string) => officerChanges(readFileSync(`fixtures/8k-events/held-out-6/${file}`, 'utf8'));
  const pairs = (got: ReturnType<typeof officerChanges>) => got.map((c) => `${c.person}|${c.change}`);

  it('reads a degree after a name, "appointed to serve in the position of", and no pay in "without any change to his current salary" (Accentia 2008)', () => {
    // "Steven R. Arikian, M.D. resigned from all positions with the Company including as President and Chief
    // Operating Officer of Biopharmaceutical Products and Services and as a Director"; "Samuel S. Duffey, Esq. was
    // appointed to serve in the position of President of the Company".
    expect(six('ABPI_8-K_2008-12-02_0001193125-08-249741_Item5.02_excerpt.txt')).toEqual([
      // The unit after the title's "of" is read since held-out set 8, as the label gives it.
      {
        person: 'Steven R. Arikian',
        role: 'President and Chief Operating Officer of Biopharmaceutical Products and Services',
        change: 'departed',
      },
      { person: 'Samuel S. Duffey', role: 'President', change: 'appointed' },
    ]);
  });

  it('reads "A was appointed acting Chairman of the Board" without "as" (Advance Nanotech 2008)', () => {
    expect(six('ADVN_8-K_2008-04-28_0001144204-08-025838_Item5.02_excerpt.txt')).toEqual([
      { person: 'Antonio Goncalves, Jr.', role: 'Chief Executive Officer', change: 'departed' },
      { person: 'Peter Rugg', role: 'acting Chairman of the Board', change: 'appointed' },
    ]);
  });

  it('reads "intends to retire from the position of" and gives "Mr. Puishys’ successor as CEO is elected" to no one (Apogee 2020)', () => {
    expect(pairs(six('APOG_8-K_2020-09-13_0001193125-20-247376_Item5.02_excerpt.txt'))).toEqual([
      'Joseph F. Puishys|departed',
      'Joseph F. Puishys|compensation',
    ]);
  });

  it('reads "elected Charles Watts, M.D. as a director" and resolves the possessive "Dr. Watt’s" (Accelerate Diagnostics 2017)', () => {
    expect(six('AXDX_8-K_2017-11-14_Item5.02_excerpt.txt')).toEqual([
      { person: 'Charles Watts', role: 'director', change: 'appointed' },
      { person: 'Charles Watts', role: 'director', change: 'compensation' },
    ]);
  });

  it('reads no person in a defined term ("During the Transition Period, Mr. Casey will continue to receive") (Carter’s 2025)', () => {
    expect(pairs(six('CRI_8-K_2025-01-03_Item5.02_excerpt.txt'))).toEqual([
      'Michael D. Casey|departed',
      'Michael D. Casey|compensation',
      'Richard F. Westenberger|appointed',
    ]);
  });

  it('reads "A, who previously served as X, was appointed Y" and "Mr. Smith’s change in role, his annual base salary" (FedEx 8-K/A 2022)', () => {
    const got = six('FDX_8-K-A_2022-06-13_0001193125-22-176522_Item5.02_excerpt.txt');
    expect(got.find((c) => c.person === 'Rajesh Subramaniam')).toEqual({
      person: 'Rajesh Subramaniam',
      role: 'President and Chief Executive Officer',
      change: 'appointed',
    });
    expect(pairs(got)).toEqual([
      'Frederick W. Smith|departed',
      'Frederick W. Smith|appointed',
      'Rajesh Subramaniam|appointed',
      'Frederick W. Smith|compensation',
    ]);
  });

  it('reads "appointed Mr. Yetter to the position of <title>" and leaves "the Company’s prior Chief Financial Officer resigned" to no name (Frozen Food Express 2006)', () => {
    const role = 'Senior Vice President and Chief Financial Officer';
    expect(six('FFEX_8-K_2006-05-16_0000039273-06-000018_Item5.02_excerpt.txt')).toEqual([
      { person: 'Charles G. Robertson', role: 'Director', change: 'departed' },
      { person: 'Mr. Yetter', role, change: 'appointed' },
      { person: 'Mr. Yetter', role, change: 'compensation' },
    ]);
  });

  it('reads "A was appointed to be our <title>" and "A (who resigned the title of <title> ...)" (IMAC 2022)', () => {
    expect(six('IMAC_8-K_2022-02-21_Item5.02_excerpt.txt')).toEqual([
      { person: 'Ben Lerner', role: 'Chief Operating Officer', change: 'appointed' },
      { person: 'Matthew C. Wallis', role: 'Chief Operating Officer', change: 'departed' },
    ]);
  });

  it('reads "each resigned as members of the Board", "grant of restricted shares (...) to each of Messrs. A and B" and a committee chair as no title (Surgalign 2020)', () => {
    expect(six('SRGA_8-K_2020-07-24_0001193125-20-198622_Item5.02_excerpt.txt')).toEqual([
      { person: 'Curtis M. Selquist', role: 'Director', change: 'departed' },
      { person: 'Christopher R. Sweeney', role: 'Director', change: 'departed' },
      { person: 'Curtis M. Selquist', role: 'Director', change: 'compensation' },
      { person: 'Christopher R. Sweeney', role: 'Director', change: 'compensation' },
      { person: 'Mark D. Stolper', role: 'Lead Independent Director', change: 'appointed' },
    ]);
  });

  it('reads no change in a condition ("If Mr. Bryant is re-elected ...", "if re-elected, he would not expect to stand for re-election") (Intel 2019)', () => {
    expect(six('INTC_8-K_2019-03-22_0001193125-19-085353_Item5.02_excerpt.txt')).toEqual([]);
  });

  it('reads an agreement named as A’s ("Ms. Etzkorn’s Participation Agreement") as A’s compensation (Shiloh 2018)', () => {
    expect(six('SHLO_8-K_2018-12-18_0001193125-18-356552_Item5.02_excerpt.txt')).toEqual([
      { person: 'Ms. Etzkorn', role: null, change: 'compensation' },
    ]);
  });
});

describe('5.02 officer changes on a 20,000-name list', () => {
  const letters = 'abcdefghij';
  const surname = (i: number) =>
    `Q${[1, 10, 100, 1000, 10000].map((d) => letters[Math.floor(i / d) % 10]).join('')}`;
  const first = ['Alice', 'Brian', 'Carla', 'David', 'Elena', 'Frank', 'Grace', 'Henry', 'Irene', 'James'];
  const names = Array.from({ length: 20_000 }, (_, i) => `${first[i % 10]} ${surname(i)}`);

  it('elects every name of "the Board elected A, B, ... and Z to the Board"', () => {
    const got = officerChanges(
      `On May 1, 2020, the Board elected ${names.slice(0, -1).join(', ')} and ${names.at(-1)} to the Board.`,
    );
    expect(got).toHaveLength(20_000);
    expect(got[0]).toEqual({ person: 'Alice Qaaaaa', role: 'Director', change: 'appointed' });
    // i = 12,345: first name 'Frank' (i % 10 = 5), surname digits 5,4,3,2,1 -> 'Qfedcb'
    expect(got[12_345]).toEqual({ person: 'Frank Qfedcb', role: 'Director', change: 'appointed' });
    expect(got[19_999]).toEqual({ person: 'James Qjjjjb', role: 'Director', change: 'appointed' });
  });

  it('departs every name of "the resignations of A, B, ... Z", and finds none in a bare list', () => {
    const got = officerChanges(`The Company accepted the resignations of ${names.join(', ')}.`);
    expect(got).toHaveLength(20_000);
    expect(new Set(got.map((c) => c.change))).toEqual(new Set(['departed']));
    expect(got.at(-1)).toEqual({ person: 'James Qjjjjb', role: null, change: 'departed' });
    // "A, B, ... and Z, three of the registrant's five directors, resigned": the title after the list.
    const titled = officerChanges(
      `On May 1, 2020, ${names.slice(0, -1).join(', ')} and ${names.at(-1)}, all of the Company's directors, resigned.`,
    );
    expect(titled).toHaveLength(20_000);
    expect(titled[12_345]).toEqual({ person: 'Frank Qfedcb', role: 'director', change: 'departed' });
    // No rule's context around the list: no title, no Board, no change phrase before it.
    expect(officerChanges(`The attendees were ${names.join(', ')}.`)).toEqual([]);
  });

  it('gives each entry of a 20,000-entry colon list "<title> <name>; ..." its title and the pay', () => {
    const got = officerChanges(
      `The Company entered into agreements with its officers: ${names
        .map((n) => `Vice President (Bank) ${n}`)
        .join('; ')}.`,
    );
    expect(got).toHaveLength(20_000);
    expect(got[12_345]).toEqual({
      person: 'Frank Qfedcb',
      role: 'Vice President (Bank)',
      change: 'compensation',
    });
  });
});
