/**
 * Citizen emails to a county clerk's office (elections, recording, marriage licences, vital
 * records, passports, notary), labelled for the personal-data scrubbing evaluation
 * (`bench/eval/scrub.ts`). Every person, address, number and account in them is invented.
 *
 * Labels are written in the text: `[...]` marks a string that must go, `{...}` a word that must
 * stay; `parseCase` strips the marks. Names are labelled one word at a time, so a surname left
 * behind by a removed first name counts as a survivor. The texts were written before the rules
 * they measure were tuned; the must-stay words lean on the hard cases (surnames that are also
 * words, months, place and office words).
 */

export interface ScrubCase {
  /** The email body as the scrubber receives it. */
  text: string;
  /** Strings that must not be in the scrubbed text. */
  mustGo: string[];
  /** Words that must still be in it. */
  mustStay: string[];
  /** Display names of the open item's sender and recipients, as the host reports them. */
  displayNames?: string[];
}

interface MarkedCase {
  marked: string;
  displayNames?: string[];
}

const MARKS = /\[([^\]]+)\]|\{([^}]+)\}/g;

function parseCase({ marked, displayNames }: MarkedCase): ScrubCase {
  const mustGo: string[] = [];
  const mustStay: string[] = [];
  const text = marked.replace(MARKS, (_whole, go: string | undefined, stay: string | undefined) => {
    if (go !== undefined) {
      mustGo.push(go);
      return go;
    }
    mustStay.push(stay ?? '');
    return stay ?? '';
  });
  return displayNames ? { text, mustGo, mustStay, displayNames } : { text, mustGo, mustStay };
}

const MARKED: readonly MarkedCase[] = [
  { marked: 'Hi [Donna],\nI mailed my {ballot} last {week} but the {tracker} still says {pending}. Can you check?\nThanks,\n[Donna] [Whitfield]' },
  { marked: 'Dear Mr. [Okafor],\nThank you for the {reminder} about the {deadline} in {May}. I will {drop} it at City {Hall}.\nRegards, [D]. [Whitfield]' },
  { marked: 'Hello,\nMy name is [Maria] [Delacroix-Whitby] and I need a certified {copy} of our {marriage} {certificate}. We married in {June} at the {park} by the {river}.\nYou can reach me at [(217) 555-0142].\n[Maria]' },
  { marked: 'Good morning,\nI am writing about {parcel} [123-456-789]. The {tax} {bill} lists the {owner} as [Harold] [Baker], who was my {father}. He passed away in {March}.\nSincerely,\n[Eleanor] [Baker-Simms]' },
  { marked: 'To whom it may concern,\nPlease update my {voter} {registration} to my new address, [4418 Willow Creek Dr], [Springfield], [IL] [62704]. My old address was [77 Elm St].\n[Tyrone] [Hutchins]' },
  { marked: 'Hi there,\nI need to {record} a {quitclaim} {deed} for my {house}. The document number on the old one is [2024R001234]. Does the {recorder} take {checks}?\nBest,\n[Priyanka] [Raghunathan]' },
  { marked: 'Hello [Kwame],\nThanks for your help on the phone today. As you asked, my case # is [A-2024-1187] and my {email} is [kj.osei@example.net].\nThank you,\n[Abena] [Osei]' },
  { marked: 'Dear Ms. [Brown],\nThe {brown} {envelope} you sent was {missing} the {page} with the {notary} {seal}. Could you mail it again?\n[Samuel] [Young]' },
  { marked: 'Hi,\nI am a {young} {voter}, {first} time. Where do I {vote} in {Ward} 5? I live near the {wood} {mill} on Route 9.\nCheers,\n[Jaylen]' },
  { marked: 'Good afternoon,\nMy {account} no. [XK-99812] shows a {late} {fee} for {copies} I {picked} up in {April}. The {price} was {posted} as $5 a {page}.\nMrs. [Rosalind] [Price]' },
  { marked: 'Dear Clerk,\nMy {daughter} [Rose] [Nakamura-Hill] turns 18 in {August} and wants to {register}. Can she do it {online}?\nWarm regards,\n[Kenji] [Nakamura]' },
  { marked: 'Hello,\nThe {rose} {garden} {wedding} is on {Saturday}. Our {officiant} is Dr. [Ifeoma] [Adeyemi]. Do we need to bring the {license} {back} {ourselves}?\n[Chloe] & [Marcus]' },
  { marked: 'Hi,\nI need a {birth} {certificate} for my {son}, [Mateo] [Quispe], born [03/14/2019]. Please send it to [18 Harbor View Rd, Apt 2C], [Portland], [OR] [97205].\nThanks,\n[Lucia] [Quispe]' },
  { marked: 'Dear Sir or Madam,\nI am the {executor} of the {estate} of [Walter] [Grzeszczak]. The {will} names me, [Agnieszka] [Grzeszczak-Park]. What {records} do you {need}?\nRespectfully,\n[Agnieszka]' },
  { marked: 'Hello,\nCan I {mark} my {ballot} with a {pencil}? My {neighbor} [Wendell] said {pens} only.\n[Bernadette] [Oyelaran]' },
  { marked: 'Hi [Francesca],\nFollowing up on {document} number [2023-0045521]. The {title} {company}, Lakeshore {Title}, said you {rejected} it.\nBest regards,\n[Anton] [Vukovic]' },
  { marked: 'Good morning Sergeant [Pollard],\nThe {polling} {place} at the {library} had no {parking}. Please tell the {board}. Call me at [309-555-0199].\n[Gloria] [Espinoza-Tate]' },
  { marked: 'Dear Mrs. [Hall],\nI {will} be out of {town} on {Election} {Day}. Can I {vote} {early} at the {county} {building}?\nThanks,\n[Desmond] [Achterberg]' },
  { marked: 'Hello,\nI {lost} my {marriage} {license} {before} the {ceremony}. We are [Nguyen] [Thi] [Lan] and [Bao] [Tran]. Can we get a {replacement}?\n[Lan]' },
  { marked: 'Hi,\nMy {mother}, [May] [Johnson], {needs} help {registering}. She {moved} to [902 S Oak Ave], [Decatur], [IL] in {June}.\n[Tanya] [Johnson-Reyes]' },
  { marked: 'Dear Elections Office,\nI got a {mailer} {addressed} to [Cornelius] [Vanderhoek] at my {address}, but he {moved} {years} ago. How do I {report} this?\n[Hyun-woo] [Cha]' },
  { marked: 'Hello [Beatriz],\nAttached is the {survey} for {parcel} [14-22-301-009]. The {plat} {map} shows the {lot} {line} near the {creek}.\nKind regards,\n[Ottavio] [Bellandi]\n[Bellandi] {Surveying}' },
  { marked: 'Hi, my {husband} [Will] [Carter] and I want to {add} his {name} to the {deed}. Is there a {form} for that? [Will] can come in on {Monday}.\n[Imogen] [Carter]' },
  { marked: 'Good afternoon,\nI {left} a {voicemail} for Mr. [Castellanos] {yesterday}. My {reference} number is [REF-7781-QB]. Could someone call me {back} at [608.555.0176]?\n[Rutendo] [Mhlanga]' },
  { marked: 'Hello,\nI am a {notary} and need to {file} my {bond}. My {commission} no. [NP-556120]. {Mail} goes to [PO Box 881], [Galena], [IL] [61036].\n[Fiona] [MacLennan]' },
  { marked: 'Hi [Dmitri],\nI {checked} the {sample} {ballot} and my {street} is in the wrong {precinct}. I live at [2210 Birchwood Ln].\n[Svetlana] [Orlov]' },
  { marked: 'Dear Commissioner [Abernathy-Lowe],\nThe {bill} for the {road} {work} was {posted} on the {county} {website}. {Residents} on Quarry Rd {object}.\n[Leopold] [Fairweather]' },
  { marked: 'Hi,\nI {need} to {change} my {name} on my {voter} {card} after my {divorce}. My old name is [Kimberly] [Szymanski], new name [Kimberly] [Hollis].\nThanks so much!\n[Kim]' },
  { marked: 'Hello,\nThe {price} of a {certified} {copy} went up. Is the {fee} the {same} for {veterans}? I served with Sgt. [Ruiz].\n[Archibald] [Pennington]' },
  { marked: 'Dear Dr. [Whitcombe],\nYou {signed} the {death} {certificate} for my {aunt}, [Philippa] [Osterhout]. The {date} is {wrong}. Who {corrects} it?\n[Gwendolyn] [Osterhout]' },
  { marked: 'Hi,\nCan you {confirm} you {received} my {absentee} {ballot}? {Tracking} number [9405511899223197428811]. It was {mailed} from [Tucson], [AZ] [85701] on Oct 3.\n[Esperanza] [Villanueva]' },
  { marked: 'Hello [Marguerite],\nOur {wedding} is at Cedar {Lake} in {July}. Does the {license} {work} in {another} {county}? My {fiance} is [Oluwaseun] [Adebayo].\n[Rachel] [Rice]' },
  { marked: 'Good morning,\nI {want} to {buy} {rice} and {wood} for the {church} {dinner}. Sorry, {wrong} {email}! Please {ignore}.\n[Hortense]' },
  { marked: 'Hi [Jules],\nThe {scanner} at the {front} {counter} is {broken} again. Can {IT} look at it {before} {noon}?\n[Bartholomew]' },
  { marked: 'Dear Clerk,\nI {received} a {jury} {summons} for [Reginald] [Stoltzfus], my {late} {brother}. His {case} number was [CV-2021-004417]. Please {remove} him.\n[Miriam] [Stoltzfus-King]' },
  { marked: 'Hi,\nWhere can I {park} when I {come} to {record} my {lien} {release}? Is the {lot} on {Main} {Street} {free}?\n[Cedric] [Obi]' },
  { marked: 'Hello,\nI am {helping} my {grandmother}, [Ione] [Fairbanks], {register}. She is {blind}. Can she get an {accessible} {ballot}? Her {phone} is [+1 815 555 0123].\n[Lachlan] [Fairbanks]' },
  { marked: 'Good afternoon [Yolanda],\nThe {deed} we {recorded} on {Tuesday}, {instrument} [2025-0003391], has a {typo} in the {legal} {description}.\n[Ignatius] [Ferreira]\n[Ferreira] & [Lindqvist] {Law}' },
  { marked: 'Hi,\nI {would} like to {request} {copies} of {minutes} from the {Board} of {Supervisors} {meeting} in {January}.\n[Delphine] [Marchetti]' },
  { marked: 'Dear Ms. [Park],\nThank you for {officiating}! We {forgot} to {sign} the {license}. [Tobias] [Greenhalgh] and [Saoirse] [Ni] [Bhriain].' },
  { marked: 'Hello,\nMy {social} {security} number is [078-05-1120] and my {card} is [4111 1111 1111 1111]. Is that what you {need} for the {passport} {fee}?\n[Horace] [Umeh]' },
  { marked: 'Hi [Ngozi],\nFor the {recording} {fee}, can I {pay} by {card} at the {window}? My {file} number is [F-00981].\nThanks,\n[Cyrus] [Tehrani]' },
  { marked: 'Dear Elections,\nThe {drop} {box} at Maple Grove {library} was {full} on {Sunday}. I {left} my {ballot} with a {worker}, [Bev].\n[Rosemary] [Quinlan]' },
  { marked: 'Hello,\nIs the {office} {open} on {Good} {Friday}? I need a {marriage} {license}. Fiance: [Jacques] [Thibodeaux].\n[Lorraine] [Bergeron]' },
  { marked: 'Hi,\nI {changed} {parties} last {year}. My {registration} still {shows} {independent}. Voter ID [VR8841273].\n[Ezekiel] [Brandvold]' },
  { marked: 'Good morning,\nOur {homeowners} {association} {needs} the {covenants} {recorded} {before} {December}. {President}: [Gertrude] [Yamamoto-Fiske], [440 Lakeview Terrace], [Naperville], [IL] [60540].' },
  { marked: 'Hello,\nI am [Brown] [Amadi]. I {need} my {birth} {record} {corrected}: my {mother} is {listed} as [Comfort] [Amadi], it should be [Comfort] [Nwachukwu].' },
  { marked: 'Hi [Rashida],\nThe {long} {line} at the {front} {desk} {today} was {rough}. {Great} {job} {handling} it!\n[Teodoro]' },
  { marked: 'Dear Sir,\nI {own} {land} in {two} {counties}. Where do I {file} the {affidavit}? {Parcel} [08-331-22].\nYours truly,\n[Fitzgerald] [Omondi]' },
  { marked: 'Hello,\nI {tried} to {sign} up at [www.alderelections.example/register] but it {timed} out. My {IP} was [10.0.4.12]. Please help.\n[Anneliese] [Drummond]' },
  { marked: 'Hi,\nI {need} a {copy} of the {plat} for Cherry Hill {Estates}. My {lot} is at [55 Cherry Hill Ct], [Rockford], [IL] [61107].\n[Prudence] [Oyelowo]' },
  { marked: 'Hello there,\nWill the {county} {accept} a {ballot} {postmarked} on {election} {day}? {Asking} for my {son} [Xavier].\n[Dolores] [Abernethy]' },
  { marked: 'Dear Mr. [Baker],\nYour {office} {told} me the {bill} was {paid}. It was not. {Please} {check} {account} [AC-440017].\n[Ulrich] [Stamatopoulos]' },
  { marked: 'Hi,\nI am a {poll} {worker} {trainee}. Can Ms. [Young] {send} me the {manual}? {Thanks}!\n[Soledad] [Ybarra]' },
  { marked: 'Good afternoon,\nI {would} like to {reserve} the {courthouse} {lawn} for a {wedding} in {October}. The {couple} is [Ayodele] [Bankole] and [Hannah] [Ferris].\nPastor [Lionel] [Gatewood]' },
  { marked: 'Hello,\nI {got} a {letter} that my {registration} is {inactive}. {Letter} {reference} [INA/2025/0088]. I {still} live here.\n[Casimir] [Wojcik]' },
  { marked: 'Hi [Persephone],\nCould you {email} the {form} to my {work} {address}, [p.lindgren@northfield-insurance.example]? The {fax} is [(630) 555-0111].\n[Piet] [Lindgren]' },
  { marked: 'Dear Clerk,\nThe {mill} {levy} {question} on the {ballot} is {confusing}. What {happens} if it {fails}? I {live} in the {Young} {America} {township}.\n[Florentyna] [Kowalczyk]' },
  { marked: 'Hello,\nMy {uncle} [Hamish] [Strachan] {died} in {February}. I {need} to {transfer} his {truck} {title}. {Who} {handles} {vehicle} {titles}?\n[Isla] [Strachan]' },
  { marked: 'Hi,\nI {mailed} the {deed} with a {check} for $38. {Check} number [4471]. It {came} {back}. {Why}?\n[Obadiah] [Klinefelter]' },
  { marked: 'Good morning,\nI {need} an {apostille} for my {diploma}. {Name} on it: [Thandiwe] [Mokoena-Bishop]. I {leave} for {Spain} in {September}.\n[Thandiwe]' },
  { marked: 'Hello,\nWho do I {contact} about the {fence} {permit}? My {neighbor}, Mr. [Grosvenor], {says} the {survey} is {wrong}. Permit no. [BP-2025-1193].\n[Albertine] [Roux]' },
  { marked: 'Hi,\nMy {wife} [Ximena] and I {want} to {renew} our {vows}. Do we {need} a new {license}? We {married} in Santa Fe.\n[Rodrigo] [Zubizarreta]' },
  { marked: 'Dear Team,\nPlease {cancel} my {appointment} on {Thursday} at 2pm. {Confirmation} [QX7-22K9].\n[Evangeline] [Thorsby]' },
  { marked: 'Hi,\nThe {early} {voting} {site} at the {fire} {hall} {needs} more {signs}. [Bill] [Hargrove] from the {township} {agreed} to {help}.\n[Magnolia] [Prewitt]' },
  { marked: 'Hello,\nCan I {get} a {copy} of my {parents}\' {marriage} {record} from 1978? {Names}: [Giuseppe] [Abruzzese] and [Concetta] [Lombardi].\n[Vincenza] [Abruzzese-Hale]' },
  { marked: 'Good afternoon,\nI {sent} my {form} by {fax} to [847-555-0163]. {Fax} {confirmation} [TX-38812]. {Did} it {arrive}?\n[Benedikt] [Hauser]' },
  { marked: 'Hi [Carmelita],\nThe {mobile} {voting} {van} {stops} at the {senior} {center} on {Wednesday}? My {father}, [Augustin] [Delgado-Mora], {uses} a {wheelchair}.\n[Paloma]' },
  { marked: 'Dear Elections Division,\nWhy is my {precinct} {different} from my {neighbor}\'s? We both {live} on the same {street}. Mine is [1417 Stone Ridge Rd].\n[Desiree] [Ambrose]' },
  { marked: 'Hello,\nI {want} to {run} for {school} {board}. Where do I {pick} up {petitions}? My {campaign} {treasurer} is [Lydia] [Vasquez-Moreland].\n[Zebulon] [Hatfield]' },
  { marked: 'Hi,\nA {letter} {addressed} to my {late} {husband}, [Ambrose] [Kettleborough], {asks} him to {sign} a {petition}. Please {remove} him from the {rolls}.\n[Winifred] [Kettleborough]' },
  { marked: 'Good morning,\nI need a {certified} {copy} of the {divorce} {decree}, {case} no. [2019-DR-000771]. Party: [Marisol] [Etxeberria].\n[Marisol]' },
  { marked: 'Hello Mr. [Fontaine],\nThe {recorder}\'s {index} {lists} my {name} {wrong} as [Jonh] [Pietrowski]. It {should} be [John].\n[John] [Pietrowski]' },
  { marked: 'Hi,\nIs the {Hall} of {Records} {closed} for {Memorial} {Day}? I {need} to {drop} off a {mortgage} {release}.\n[Cosmo] [Antonopoulos]' },
  { marked: 'Dear Clerk,\nMy {ballot} {envelope} {signature} was {challenged}. I {broke} my {hand} in {November}. I {signed} with my {left}.\n[Leocadia] [Brzezinski]' },
  { marked: 'Hello,\nI am {writing} for my {client}, Ms. [Adaeze] [Nwosu], about a {lien} on [3 Orchard Way], [Elgin], [IL] [60120].\nAtty. [Barnaby] [Quickfall]' },
  { marked: 'Hi,\nCan the {notary} {come} to the {hospital}? My {grandpa} [Seamus] [O\'Rourke] {needs} a {power} of {attorney} {signed}.\n[Niamh] [O\'Rourke]' },
  { marked: 'Good afternoon,\nPlease {send} {information} on {poll} {worker} {pay}. I {worked} the {March} {primary} with [Trudy] [Wexler].\n[Ambrose] [Fennimore]' },
  { marked: 'Hello,\nHow {long} {does} {recording} {take}? I {sent} {document} # [DOC-88231] on the {first}. {Regards}, [Constance] [Ebberly]' },
  { marked: 'Hi [Aurelio],\nThanks for {fixing} my {address}. I {confirm} it is now [91 Wren Ct], [Joliet], [IL] [60435]. {Have} a {good} {weekend}!\n[Mirela] [Popescu]' },
  { marked: 'Dear Clerk,\nI {want} to {observe} the {canvass}. Is it {open} to the {public}? I am with the {League} of {Women} {Voters}.\n[Hortensia] [Balderrama]', displayNames: ['Hortensia Balderrama'] },
  { marked: 'Hi,\nPlease {call} me {back} about my {passport} {appointment}.\n[Thaddeus]', displayNames: ['Thaddeus Okonkwo-Reyes'] },
  { marked: 'Hello,\nI {spoke} with [Zainab] at the {front} {counter} {today}. She {said} I {need} a {notarized} {letter} from [Okonkwo].\nBest,\n[Precious]', displayNames: ['Precious Okonkwo', 'Zainab Haddad'] },
  { marked: '{Thanks} for the {quick} {answer}! [Greer] [Lockwood] will {bring} the {deed} on {Friday}.\n[Greer]', displayNames: ['Greer Lockwood'] },
  { marked: 'Good morning,\nCan [Bao] [Tran] {sign} for me if I am {sick}? We are {engaged}. {Bride}: [Lan] [Nguyen].' },
  { marked: 'Hello,\nI {need} the {book} and {page} for our {mortgage}: {book} [4417], {page} [221]. {Owners}: [Dashiell] and [Marguerite] [Honeycutt].\n[Dashiell] [Honeycutt]' },
];

/**
 * Written after the rules were tuned on `MARKED`, and not tuned on: the honest estimate of how
 * the rules do on mail they have not seen.
 */
const HOLDOUT: readonly MarkedCase[] = [
  { marked: 'Hey [Marcy],\nQuick one: does the {recorder} accept {e-recording} from Simplifile? Our {closer}, [Janelle] [Vo], {says} no.\n[Terrence] [Blackwood]' },
  { marked: 'Dear County Clerk,\nMy {late} {wife} [Hope] [Castellano] is still on the {voter} {rolls}. I {have} her {death} {certificate}.\nRespectfully yours,\n[Arturo] [Castellano]' },
  { marked: 'Good evening,\nI {need} to {know} if my {registration} went through. I {registered} at the {Secretary} of {State} {office} on {Tuesday}. DOB [4/2/1961].\n- [Lorenzo] [Pacheco-Whitlock]' },
  { marked: 'Hi,\n{Please} {forward} this to Judge [Amberly]\'s {clerk}. The {hearing} is {set} for {April}. [Ruthanne] [Gies] is the {petitioner}.\n{Thank} you' },
  { marked: 'Hello,\nWe {want} to {marry} at the {Rose} {Bowl} {pavilion}. {Both} of us are {from} {Texas}: [Cody] [Lundgren] and [Shay] [Marchbanks].' },
  { marked: 'Dear Recorder,\nPlease {mail} the {original} {deed} {back} to Orchard {Title} {Services}, [2900 Summit Blvd, Suite 410], [Bloomington], [IN] [47401].\n[Kayleigh] {at} Orchard' },
  { marked: 'Hi [Nana] [Akufo-Addo],\nYour {absentee} {request} {came} {without} a {signature}. Could you {sign} and {return} it {by} {Friday}?\n{Elections} {Office}' },
  { marked: 'To the Clerk,\nI {am} Father [Benedict] [Szewczyk], {pastor} at St. Hedwig. I {will} {officiate} for [Pawel] and [Renata] [Mroz] in {June}.' },
  { marked: 'Hi,\nMy {account} # is [90-1123-77B]. I {paid} the {bill} {online} but the {page} {says} {unpaid}.\n[Deshawn] [Merriweather]\n[(773) 555-0190]' },
  { marked: 'Hello,\nIs [Linwood] [Gaither] the {right} {person} for {plat} {questions}? [Mark] [Sandoval] {sent} me to him.\n{Best},\n[Odalys] [Ferrer]' },
  { marked: 'Good morning,\nI {work} for Alder {County} {Habitat}. Our {volunteer} [Grace] [Ellery-Stone] will {pick} up the {recorded} {documents}.\n[Beau] [Thibault]' },
  { marked: 'Hi there,\nCan I {bring} my {dog} when I {vote}? {Asking} for [Bella] (the {dog}) and me, [Sunny] [Adeleke].' },
  { marked: 'Dear Ms. [Kowalski-Brandt],\nThe {lien} {release} for [7 Pheasant Run], [Dubuque], [IA] [52001] is {attached}.\n{Sincerely}, [Ebenezer] [Mwangi], {Esq}.' },
  { marked: 'Hello,\nI am the {daughter} of [Lottie] [Pemberton]. {Mom} {wants} to {vote} by {mail} from the {nursing} {home}, [Willow] [Brook] {Manor}.\n[Carla]' },
  { marked: 'Hi [Devontae],\n{Great} {meeting} you at the {training}! {Attached} is the {roster}. [Prakash] and [Mei-Ling] {start} {Monday}.\n[Ravi] [Subramaniam]\n{Poll} {Worker} {Coordinator}' },
];

export const SCRUB_CORPUS: readonly ScrubCase[] = MARKED.map(parseCase);
/** The held-out texts, reported apart from `SCRUB_CORPUS`. */
export const SCRUB_HOLDOUT: readonly ScrubCase[] = HOLDOUT.map(parseCase);
