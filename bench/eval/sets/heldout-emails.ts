/**
 * A second independent evaluation set of `bench/eval/recommend.ts`, copied verbatim: written later
 * than `public-emails.ts`, by another writer with the same brief and no access to the project (the
 * demo blocks' names and one-line summaries only), after the recommender's rules had been tuned on
 * the first set. It is the check that those rules carry over to emails nobody tuned on. The writer
 * noted four labels a reviewer might dispute: h-ballotlookup (Ballot Status Follow-up, not Track My
 * Ballot), h-extension (Records Request Extension for an overdue request), h-looking (We're Looking
 * Into It for an order that never arrived), h-proptax-s (the property-tax redirect, not Homestead
 * Declaration).
 */
export interface HeldOutEmail {
  id: string;            // short stable id, e.g. 'h-ballot-lost-a'
  relevant: readonly string[]; // names EXACTLY as in blocks.md of the replies that answer it; [] when none does
  body: string;          // the email as the member of the public wrote it (plain text)
  pair?: string;         // same pair id on both emails of a pair
  kind: 'pair' | 'single' | 'no-answer' | 'two-topics';
}

export const HELD_OUT_EMAILS: readonly HeldOutEmail[] = [
  // ───────────────────────── PAIRS ─────────────────────────
  {
    id: 'h-regdeadline-a', pair: 'p-regdeadline', kind: 'pair',
    relevant: ['Voter Registration Deadline'],
    body: `hey whats the last day i can sign up to vote for the november thing?? just turned 18 lol

Sent from my iPhone`,
  },
  {
    id: 'h-regdeadline-b', pair: 'p-regdeadline', kind: 'pair',
    relevant: ['Voter Registration Deadline'],
    body: `Dear Sir or Madam,

My grandson Tyler has come to live with me this fall and he has never voted in his life. He would like to get himself put on the voting rolls in time for the coming election, but neither of us knows how long he has left to do it, or what the steps are. He does not own a computer, though he has one of those phones.

Could you kindly tell me the cut-off date and how he goes about it?

Thank you very much,
Dorothy Kessler
1140 Quail Run Road, Alder Falls`,
  },
  {
    id: 'h-address-a', pair: 'p-address', kind: 'pair',
    relevant: ['Update Your Address'],
    body: `Hi there,

So we finally closed on the house on Birch Hollow Rd last month after two years of renting (!!) and honestly it has been chaos, boxes everywhere, the dog hates the new yard, my kid switched schools, etc. Anyway my wife reminded me last night that all our voting stuff is probably still going to the old apartment on 5th Street. We're still in Alder County, just the other side of town.

What do we need to do so everything comes to the new place? Is it one form for both of us or do we each do our own?

Thanks,
Marco Bellini
(555) 014-3321`,
  },
  {
    id: 'h-address-b', pair: 'p-address', kind: 'pair',
    relevant: ['Update Your Address'],
    body: `moved pinecrest -> lakeview, same county. how do i switch my voter info to the new addr`,
  },
  {
    id: 'h-sameday-a', pair: 'p-sameday', kind: 'pair',
    relevant: ['Same-Day Registration'],
    body: `I totally blanked and never registered and now the state website says it's too late?!? Is there ANY way I can still vote this time. please tell me I'm not locked out, this is the first election I actually care about`,
  },
  {
    id: 'h-sameday-b', pair: 'p-sameday', kind: 'pair',
    relevant: ['Same-Day Registration'],
    body: `Hello,

I become US citizen in October, ceremony in San Francisco, I am very happy. I did not know I must register before a certain day. Now my friend say the date is already passed. Can I still vote in this election if I go there myself in person? What I need to bring with me?

Thank you for help,
Nguyen Thi Lan`,
  },
  {
    id: 'h-replballot-a', pair: 'p-replballot', kind: 'pair',
    relevant: ['Request a Replacement Ballot'],
    body: `My neighbors ALL got their ballots two weeks ago. I got NOTHING. This is the third election in a row something like this happens at my address and frankly I'm starting to think it's on purpose. I want my ballot sent to me immediately.

412 Oak Crest Ln, Millbrook
R. Halvorsen`,
  },
  {
    id: 'h-replballot-b', pair: 'p-replballot', kind: 'pair',
    relevant: ['Request a Replacement Ballot'],
    body: `Good morning,

I am embarrassed to write this, but my little terrier got hold of my voting envelope while I was at the pharmacy and chewed it up rather badly. The card inside is torn nearly in half and has teeth marks. I am 81 years old and have voted in every election since 1964, and I would hate to miss this one on account of a dog.

Is it possible for me to get another one? My address is 19 Sycamore Court, Alder Falls.

Sincerely,
Walter Brisbane`,
  },
  {
    id: 'h-track-a', pair: 'p-track', kind: 'pair',
    relevant: ['Track My Ballot'],
    body: `Is there some way to see online if you guys got my absentee thing? Mailed it Monday. Dont want to stress about it all week`,
  },
  {
    id: 'h-track-b', pair: 'p-track', kind: 'pair',
    relevant: ['Track My Ballot'],
    body: `Hello,

Our neighborhood association is putting together a one-page flyer for seniors about voting from home. The question we hear most often is "how do I know my ballot made it?"

Is there a text or email alert people can sign up for, so they can follow their ballot from the time it goes out to the time it is counted? We would like to print the correct web address on the flyer.

Best,
Priya Raman
Volunteer Coordinator, Eastside Neighbors Association`,
  },
  {
    id: 'h-sigcure-a', pair: 'p-sigcure', kind: 'pair',
    relevant: ['Signature Cure Letter'],
    body: `got a letter saying my signature on the envelope doesnt look like the one you have on file?? I broke my wrist in august so yeah my handwriting is garbage right now. what do I do so my vote doesnt get tossed`,
  },
  {
    id: 'h-sigcure-b', pair: 'p-sigcure', kind: 'pair',
    relevant: ['Signature Cure Letter'],
    body: `Dear office,

I receive today a paper from you that say I forget to sign the outside envelope of my vote. I am very sorry for this. What I have to do now so my vote is counted? The paper talk about a form and a deadline but I don't understand well the English.

Thank you,
Ahmad Karimi
tel 555-0148`,
  },
  {
    id: 'h-dropbox-a', pair: 'p-dropbox', kind: 'pair',
    relevant: ['Ballot Drop Box Locations'],
    body: `where are the drop off boxes for ballots near millbrook and are they open on weekends`,
  },
  {
    id: 'h-dropbox-b', pair: 'p-dropbox', kind: 'pair',
    relevant: ['Ballot Drop Box Locations'],
    body: `Hello! I work nights at Alder General and after my tax refund check got lost in the mail last spring I really don't trust the post office anymore, so I'd rather drop my ballot off myself. I drive past the public library and the Safeway on Route 4 on my way home around 7 in the morning.

Is there one of the official county boxes anywhere around there, and can I use it that early?

Thanks!
Jen`,
  },
  {
    id: 'h-pollworker-a', pair: 'p-pollworker', kind: 'pair',
    relevant: ['Poll Worker Application'],
    body: `To whom it may concern,

I retired from teaching third grade last June and I am looking for ways to make myself useful. A friend from church tells me she helps out at the voting place every election. How would I go about signing up to do the same? I am 68, so I hope I am not too old for it.

Warm regards,
Margaret O'Donnell`,
  },
  {
    id: 'h-pollworker-b', pair: 'p-pollworker', kind: 'pair',
    relevant: ['Poll Worker Application'],
    body: `hi!! im 16 and a junior at alder high. my civics teacher said high school students can help out at the voting sites on election day?? how do i apply and do i need my parents to sign something`,
  },
  {
    id: 'h-candfiling-a', pair: 'p-candfiling', kind: 'pair',
    relevant: ['Candidate Filing Period'],
    body: `I'm thinking about running for the water district board next year. When am I allowed to file and what paperwork is involved?

Thanks, Dale`,
  },
  {
    id: 'h-candfiling-b', pair: 'p-candfiling', kind: 'pair',
    relevant: ['Candidate Filing Period'],
    body: `Good afternoon,

I am writing on behalf of our client, Ms. Teresa Albright, who intends to seek the District 3 seat on the Alder County Board of Supervisors in the upcoming primary. Please advise as to the dates of the nomination period and the documents Ms. Albright must submit to qualify for the ballot.

Kind regards,

Jonathan Pike
Legal Assistant
Morrow & Pike LLP
(555) 013-2210`,
  },
  {
    id: 'h-results-a', pair: 'p-results', kind: 'pair',
    relevant: ['Election Results Timeline'],
    body: `when do u post the numbers tonight? what time is the first batch`,
  },
  {
    id: 'h-results-b', pair: 'p-results', kind: 'pair',
    relevant: ['Election Results Timeline'],
    body: `Hi,

I'm a reporter with the Alder Valley Gazette, planning our coverage for next Tuesday. I need to know roughly when the first returns will go up on your website, how often you'll refresh them that night, and whether there are scheduled updates in the days afterward.

Thanks very much,
Kim Sato
Alder Valley Gazette | 555-0177`,
  },
  {
    id: 'h-military-a', pair: 'p-military', kind: 'pair',
    relevant: ['Military and Overseas Voters'],
    body: `Hello,

I'm deployed with the Navy and will be at sea through February. My home of record is Alder County (my parents' place in Rocklin Ridge). How can I get a ballot out here? Email is about the only thing that works reliably on the ship.

V/r,
PO2 Daniel Reyes, USN`,
  },
  {
    id: 'h-military-b', pair: 'p-military', kind: 'pair',
    relevant: ['Military and Overseas Voters'],
    body: `Hello from Lisbon! I moved to Portugal for work two years ago and haven't voted since. I'm still an American citizen and my last address in the States was in Alder Falls. Am I still allowed to vote in the county elections from over here, and if so how do I get the ballot? Regards, Claire`,
  },
  {
    id: 'h-language-a', pair: 'p-language', kind: 'pair',
    relevant: ['Ballots in Other Languages'],
    body: `Hola, mi mamá no lee bien el inglés. ¿Hay boleta en español? She is registered to vote in Alder County already. How she can get it in spanish?

Gracias,
Luis Ortega`,
  },
  {
    id: 'h-language-b', pair: 'p-language', kind: 'pair',
    relevant: ['Ballots in Other Languages'],
    body: `My father reads Vietnamese and only a little English. Every election I end up translating the whole booklet for him at the kitchen table. Is there any way he can get the voting booklet and the actual ballot in Vietnamese so he can do it on his own?`,
  },
  {
    id: 'h-recfees-a', pair: 'p-recfees', kind: 'pair',
    relevant: ['Recording Fees'],
    body: `How much to record a grant deed, 3 pages? Mailing a check and want the amount right the first time.`,
  },
  {
    id: 'h-recfees-b', pair: 'p-recfees', kind: 'pair',
    relevant: ['Recording Fees'],
    body: `Hi,

My brother and I inherited our mom's house on Fern Street a couple of years ago. He lives in Arizona now and doesn't want anything to do with it, so he signed his half over to me. We got the quitclaim signed and notarized at the UPS store last week. Before I send it in, how much is it going to cost to have it put on file with you? Is it charged per page or a flat amount?

Thanks so much,
Angela Moreno`,
  },
  {
    id: 'h-pcor-a', pair: 'p-pcor', kind: 'pair',
    relevant: ['Preliminary Change of Ownership Report'],
    body: `The lady at the title place told me I need some "PCOR" thing to go along with my deed when I transfer the cabin to my daughter. What is that and where do I get the form?`,
  },
  {
    id: 'h-pcor-b', pair: 'p-pcor', kind: 'pair',
    relevant: ['Preliminary Change of Ownership Report'],
    body: `Hello,

I try to record a deed to add my wife to our house. The clerk at the window say I am missing a "change of owner" report paper that goes with the deed. Where I can find this paper, and must I fill every part of it? Some questions I don't understand.

Thank you,
Tomasz Wisniewski`,
  },
  {
    id: 'h-deedhelp-a', pair: 'p-deedhelp', kind: 'pair',
    relevant: ['Deed Preparation Help'],
    body: `Can someone at your office just fill the deed out for me? I want to put the house in my son's name and I don't understand any of the legal wording. I'm happy to pay for the help.`,
  },
  {
    id: 'h-deedhelp-b', pair: 'p-deedhelp', kind: 'pair',
    relevant: ['Deed Preparation Help'],
    body: `I have called three times now and NOBODY will tell me which kind of deed I should use. Grant, quitclaim, whatever. You are the county recorder, you should KNOW this. I just want to get my ex-boyfriend's name off the title of the condo he never paid a dime for. Which one do I use and what goes in the boxes?`,
  },
  {
    id: 'h-deedcopy-a', pair: 'p-deedcopy', kind: 'pair',
    relevant: ['Certified Copy of a Deed'],
    body: `need an official copy of the deed to our house for the refi, bank says it has to be certified. how do i get one + how much`,
  },
  {
    id: 'h-deedcopy-b', pair: 'p-deedcopy', kind: 'pair',
    relevant: ['Certified Copy of a Deed'],
    body: `Good morning,

Please provide instructions for obtaining one certified copy of the grant deed recorded on or about March 14, 2011 as Document No. 2011-0034412, together with the applicable fees and expected turnaround time.

Thank you,
Linda Farrell
Paralegal, Hastings Law Group
220 Main Street, Suite 400, Alder Falls`,
  },
  {
    id: 'h-reconvey-a', pair: 'p-reconvey', kind: 'pair',
    relevant: ['Reconveyance Not Recorded'],
    body: `Dear Recorder,

We made the final payment on our mortgage in 2019 — what a day that was! Now we are selling the house to move closer to our daughter, and the escrow officer says the loan still shows on the title because some paper releasing it never got filed. To make matters worse, the bank that held the loan was bought by another bank a few years back.

What can we do? We close in five weeks.

Harold and June Pemberton`,
  },
  {
    id: 'h-reconvey-b', pair: 'p-reconvey', kind: 'pair',
    relevant: ['Reconveyance Not Recorded'],
    body: `Home loan paid off 8 months ago. Lender never filed the release, still shows open. How do I get it cleared?

-----Original Message-----
From: Loan Servicing <noreply@firstvalleymortgage.example>
Subject: Congratulations on paying off your loan!
> Your loan ending in 4471 has been paid in full. Your documents will be processed.`,
  },
  {
    id: 'h-lien-a', pair: 'p-lien', kind: 'pair',
    relevant: ['Release of a Lien'],
    body: `A contractor slapped a lien on my house over a dispute about the roof. We settled and I paid him in full last week. How do I get the lien off the records now?`,
  },
  {
    id: 'h-lien-b', pair: 'p-lien', kind: 'pair',
    relevant: ['Release of a Lien'],
    body: `Hi,

After four long years I finally paid off what I owed the IRS, and they mailed me a "certificate of release" for the tax lien. Do I need to send that to your office to get it on file, or does the IRS take care of that? I'm hoping to refinance next year and want it cleaned up.

Thanks,
Ron Whitaker
Sent from my iPhone`,
  },
  {
    id: 'h-fraud-a', pair: 'p-fraud', kind: 'pair',
    relevant: ['Property Fraud Alert'],
    body: `I saw on the TV news that crooks are stealing people's houses by faking the paperwork. I am a widow and live alone and this has me very worried. Is there some way I could be told if anyone ever files papers on my house?

Eleanor Fitch
702 Vine St, Alder Falls`,
  },
  {
    id: 'h-fraud-b', pair: 'p-fraud', kind: 'pair',
    relevant: ['Property Fraud Alert'],
    body: `Someone recorded a deed on my rental property transferring it to an LLC I have never heard of. I did NOT sign anything, the notary stamp is from a county I've never been to. This is fraud. What do I do RIGHT NOW??`,
  },
  {
    id: 'h-marriage-a', pair: 'p-marriage', kind: 'pair',
    relevant: ['Marriage License Requirements'],
    body: `what do we need to bring to get the papers for getting hitched? thinking next friday`,
  },
  {
    id: 'h-marriage-b', pair: 'p-marriage', kind: 'pair',
    relevant: ['Marriage License Requirements'],
    body: `Good day,

My fiancée and I want to marry here in Alder County in January. I am from Brazil and I have only my passport, no American driver license. Is the passport OK? What documents we need for the license, and must we both come?

Obrigado,
Rafael Costa`,
  },
  {
    id: 'h-confidential-a', pair: 'p-confidential', kind: 'pair',
    relevant: ['Confidential Marriage License'],
    body: `My partner and I have lived together for twelve years and we've finally decided to make it official. We're very private people and would rather our marriage not show up in records anyone can look up. A friend mentioned there is a special kind of license for couples who already share a home. Can you tell me about it?`,
  },
  {
    id: 'h-confidential-b', pair: 'p-confidential', kind: 'pair',
    relevant: ['Confidential Marriage License'],
    body: `heard theres a private/secret kind of marriage license if u already live together? how does that work`,
  },
  {
    id: 'h-ceremony-a', pair: 'p-ceremony', kind: 'pair',
    relevant: ['Civil Ceremony Booking'],
    body: `Can we just get married at your office? Nothing fancy, just the two of us and maybe my sister as witness. What days do you do it and how much?`,
  },
  {
    id: 'h-ceremony-b', pair: 'p-ceremony', kind: 'pair',
    relevant: ['Civil Ceremony Booking'],
    body: `Hi!!

So my fiancé ships out in January and we don't have the time or money for a big wedding, so we want to do a quick little thing at the county building before Christmas. Do you guys actually do the ceremony there? Like is there a room for it? How do we reserve a time and what does it cost?

Thank you so much!!
Brittany & Josh`,
  },
  {
    id: 'h-marriagecert-a', pair: 'p-marriagecert', kind: 'pair',
    relevant: ['Certified Marriage Certificate'],
    body: `I need an official copy of my marriage certificate for Social Security. We were married in Alder County in 1987. How do I order it?

Patricia Lund`,
  },
  {
    id: 'h-marriagecert-b', pair: 'p-marriagecert', kind: 'pair',
    relevant: ['Certified Marriage Certificate'],
    body: `Hello,

For my green card interview I must bring a certified copy of our marriage record. We married in 2022 in Alder County (at a winery in Millbrook). How I can request this, and how long it takes to arrive? The interview is on January 9.

Thank you very much,
Mei Chen`,
  },
  {
    id: 'h-birth-a', pair: 'p-birth', kind: 'pair',
    relevant: ['Birth Certificate Copy'],
    body: `need a copy of my birth cert for a passport, born at alder general 1994. how do i get one`,
  },
  {
    id: 'h-birth-b', pair: 'p-birth', kind: 'pair',
    relevant: ['Birth Certificate Copy'],
    body: `Hello,

Am I allowed to order my grandson's birth certificate? His mother is in a treatment program and the boy is living with me for now. The school is asking for it before they will enroll him. I have no papers from the court, just a letter from his mom saying I can take care of him.

Thank you,
Gloria Sandoval
555-0163`,
  },
  {
    id: 'h-death-a', pair: 'p-death', kind: 'pair',
    relevant: ['Death Certificate Copy'],
    body: `my dad passed and the bank wants proof. how do i get copies of the death certificate, he died at home in alder falls last month`,
  },
  {
    id: 'h-death-b', pair: 'p-death', kind: 'pair',
    relevant: ['Death Certificate Copy'],
    body: `Dear Clerk-Recorder,

Our office represents the Estate of Gerald M. Franklin, who died on October 2, 2026, in Alder County. Please advise how we may order five (5) certified copies of the decedent's death certificate and the fee per copy.

Regards,
Sandra Lowell
Estate Planning Assistant
Franklin & Osei, Attorneys at Law`,
  },
  {
    id: 'h-fbn-a', pair: 'p-fbn', kind: 'pair',
    relevant: ['Fictitious Business Name Filing'],
    body: `starting a dog grooming biz called Pawsh Cuts. do i need to register the name w yall? how`,
  },
  {
    id: 'h-fbn-b', pair: 'p-fbn', kind: 'pair',
    relevant: ['Fictitious Business Name Filing'],
    body: `Hello,

I open a small restaurant with the name "Golden Lotus Kitchen". My own name is Sunil Patel. The bank say I need a DBA paper before they open the business account. How I make this at your office, and what is the cost?

Thank you,
Sunil`,
  },
  {
    id: 'h-notary-a', pair: 'p-notary', kind: 'pair',
    relevant: ['Notary Oath Filing'],
    body: `Hi, I just passed the notary exam and my commission came in the mail yesterday. It says I have to file my oath and bond with the county within 30 days. Can I do this by mail or do I have to come in person?`,
  },
  {
    id: 'h-notary-b', pair: 'p-notary', kind: 'pair',
    relevant: ['Notary Oath Filing'],
    body: `renewing my notary commission — do I have to do the oath + bond thing at your office again? old one expires dec 12`,
  },
  {
    id: 'h-hours-a', pair: 'p-hours', kind: 'pair',
    relevant: ['Office Hours and Location'],
    body: `what time do u close on fridays`,
  },
  {
    id: 'h-hours-b', pair: 'p-hours', kind: 'pair',
    relevant: ['Office Hours and Location'],
    body: `Dear Clerk's Office,

I have some papers I need to bring in. Could you please tell me which building you are in and what hours you are open during the week? The county website confuses me.

Thank you kindly,
Ruth Ann Beal`,
  },
  {
    id: 'h-parking-a', pair: 'p-parking', kind: 'pair',
    relevant: ['Parking and Directions'],
    body: `Where am I supposed to park when I come to the clerk's office?? Last time I circled for 20 minutes and then got a ticket on Third Street.`,
  },
  {
    id: 'h-parking-b', pair: 'p-parking', kind: 'pair',
    relevant: ['Parking and Directions'],
    body: `Hello, I'll be taking the bus from Millbrook to your building next week. Which stop should I get off at and how do I find you from there? My sister will drive separately with our mother, who uses a walker — is there handicapped parking close to the entrance?

Thanks, Tom`,
  },
  {
    id: 'h-payments-a', pair: 'p-payments', kind: 'pair',
    relevant: ['Payments Accepted'],
    body: `do you take credit cards or is it cash only? and is there an extra charge for using a card`,
  },
  {
    id: 'h-payments-b', pair: 'p-payments', kind: 'pair',
    relevant: ['Payments Accepted'],
    body: `Hi, can I pay with Apple Pay or a personal check when I come in? I never carry cash anymore. Thanks! - Dana`,
  },
  {
    id: 'h-refund-a', pair: 'p-refund', kind: 'pair',
    relevant: ['Refund Request'],
    body: `I was charged TWICE for the same birth certificate order online — two charges of $32.00 on my Visa on 11/3. Please refund one of them. Order number AC-558201.

Kevin Doyle`,
  },
  {
    id: 'h-refund-b', pair: 'p-refund', kind: 'pair',
    relevant: ['Refund Request'],
    body: `Hello,

Back in September I came in to record a deed for my late aunt's lot. The gentleman at the counter told me what the fee would be, so I wrote out a check for that amount. Later when I read the receipt more carefully I noticed the total was actually less than what I paid. As best I can tell I overpaid by $14. I realize it isn't much, but it's the principle of the thing, and money is tight this year.

How do I go about getting that back?

Respectfully,
Doris Pettibone
88 Canyon View Dr.`,
  },
  {
    id: 'h-pra-a', pair: 'p-pra', kind: 'pair',
    relevant: ['Public Records Request'],
    body: `To the Custodian of Records:

Pursuant to the state Public Records Act, I hereby request copies of all contracts, amendments and invoices between the Alder County Clerk-Recorder and any ballot printing vendor for calendar years 2024 through 2026. Electronic copies are preferred.

Please confirm receipt of this request.

Sincerely,
Michael Hardesty
Alder Open Government Project`,
  },
  {
    id: 'h-pra-b', pair: 'p-pra', kind: 'pair',
    relevant: ['Public Records Request'],
    body: `Hi, I'm a grad student looking at how counties spend money on elections. I'd like to get all the emails between your office and the voting machine company from last year. Is this the right place to ask for that? And roughly how long until I hear back?`,
  },
  {
    id: 'h-proptax-a', pair: 'p-proptax', kind: 'pair',
    relevant: ['Wrong Department: Property Taxes'],
    body: `my property tax bill went up $900 this year?!? who do i talk to, the value they put on my house is way too high`,
  },
  {
    id: 'h-proptax-b', pair: 'p-proptax', kind: 'pair',
    relevant: ['Wrong Department: Property Taxes'],
    body: `Dear Sir,

I turned 65 this year and I am also a disabled veteran (Vietnam, 1969-70). A friend at the VFW told me there is a break on the house tax for people like me. Where do I go to apply for it?

Sincerely,
Frank Delgado
3306 Ridgeline Ave, Rocklin Ridge`,
  },
  {
    id: 'h-court-a', pair: 'p-court', kind: 'pair',
    relevant: ['Wrong Department: Court Records'],
    body: `I need a copy of my divorce papers from 2015. can I get them from you?`,
  },
  {
    id: 'h-court-b', pair: 'p-court', kind: 'pair',
    relevant: ['Wrong Department: Court Records'],
    body: `Hello,

Now that everything is final with my ex I would like to legally go back to my maiden name, Hollister. What forms do I need to file with your office to do that?

Thank you,
Jessica (Hollister) Vance`,
  },
  {
    id: 'h-escalate-a', pair: 'p-escalate', kind: 'pair',
    relevant: ['Escalated to a Supervisor'],
    body: `I waited in line for an hour and forty minutes on Tuesday and when I finally got to window 3 the woman rolled her eyes at me, said I had the wrong form, and told me to come back another day without explaining anything. I want to speak to her manager. This is unacceptable for a public office paid for by my taxes.

Greg Tanaka
555-0192`,
  },
  {
    id: 'h-escalate-b', pair: 'p-escalate', kind: 'pair',
    relevant: ['Escalated to a Supervisor'],
    body: `I am writing to complain about how I was treated on the phone yesterday afternoon. I called with a simple question and the person who answered was short with me and then hung up on me — twice. I'm 74 years old and I do not deserve to be spoken to that way. Who is in charge over there? I would like someone to call me back.

Bernice Hall`,
  },

  // ───────────────────────── SINGLES ─────────────────────────
  {
    id: 'h-regstatus', kind: 'single',
    relevant: ['Check Registration Status'],
    body: `How do I find out if I'm actually signed up to vote? I filled out something with a guy with a clipboard outside the grocery store in the spring but never heard anything back.`,
  },
  {
    id: 'h-ballotlookup', kind: 'single',
    relevant: ['Ballot Status Follow-up'],
    body: `Hello,

Could somebody there please look me up and see whether my ballot came in? I don't use a computer so I can't do the website business my son keeps talking about. I mailed it from the post office on Elm on October 28.

Arthur Penn
Date of birth 4/2/1946
33 Elm St, Alder Falls
(555) 010-4478`,
  },
  {
    id: 'h-postmark', kind: 'single',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `if i mail my ballot ON election day does it still count or does it have to actually get to you by then`,
  },
  {
    id: 'h-votecenter', kind: 'single',
    relevant: ['Vote Center Hours'],
    body: `I want to vote in person this year rather than mailing it in. Where can I go, and what hours are they open? I live in the north end of the county near Rocklin Ridge. Thanks, Ben`,
  },
  {
    id: 'h-pwpay', kind: 'single',
    relevant: ['Poll Worker Training and Pay'],
    body: `Already signed up to work the polls. How much do we get paid for the day, and is the class beforehand paid too? How long is it?`,
  },
  {
    id: 'h-stmtfee', kind: 'single',
    relevant: ['Candidate Statement Fees'],
    body: `I'm running for the Alder Unified school board. How much does it cost to have my little write-up about myself printed in the booklet that goes out to voters? Is it based on word count?

Thanks,
Samira Haddad`,
  },
  {
    id: 'h-canvass', kind: 'single',
    relevant: ['Canvass and Certification'],
    body: `The election was TWO WEEKS ago and the results still aren't final?? Why does it take so long, what are you people doing with the ballots all this time? When is it actually official?`,
  },
  {
    id: 'h-accessvote', kind: 'single',
    relevant: ['Accessible Voting Options'],
    body: `Hello,

My husband is blind and uses a wheelchair. When we go to vote together next week, is there a machine he can use on his own, and am I allowed to go into the booth with him if he needs a hand?

Many thanks,
Lorraine Fisk`,
  },
  {
    id: 'h-ravbm', kind: 'single',
    relevant: ['Remote Accessible Vote by Mail'],
    body: `I have ALS and can no longer hold a pen. I use eye-tracking software on my laptop for everything. Is there any way I can fill in my ballot on the computer at home instead of on the paper one you mailed me?`,
  },
  {
    id: 'h-electsup', kind: 'single',
    relevant: ['Referred to Elections Supervisor'],
    body: `I voted at the Millbrook community center this morning and one of the workers there was telling people in line which measures they "should" support. Then the machine jammed on my ballot and they just told me to leave it in a cardboard box on the table. This is not right and somebody needs to look into what's going on at that location.

Carl Jennings`,
  },
  {
    id: 'h-format', kind: 'single',
    relevant: ['Document Formatting Requirements'],
    body: `What size paper and margins does something need to be on for you to record it? My deed got printed on legal size paper, is that going to be a problem? Also the notary stamp is kind of close to the edge.`,
  },
  {
    id: 'h-erecord', kind: 'single',
    relevant: ['Electronic Recording'],
    body: `Hello,

We're a regional title and escrow company opening a branch in Alder County in the new year. Does your office accept documents submitted electronically, and if so which vendors are you set up with? What's the process for us to get approved?

Regards,
Nathan Cho
Operations Manager, Summit Title & Escrow`,
  },
  {
    id: 'h-search', kind: 'single',
    relevant: ['Property Records Search'],
    body: `Is there a way to look up what's been recorded under my late grandfather's name, Otto Lindqvist? I'm trying to piece together what land he owned back in the 1970s. Can I search that myself somewhere?`,
  },
  {
    id: 'h-homestead', kind: 'single',
    relevant: ['Homestead Declaration'],
    body: `Someone at work told me I should "file a homestead" on my house to protect it in case I ever get sued or have big medical bills. What is that exactly, and how do I file one?`,
  },
  {
    id: 'h-returned', kind: 'single',
    relevant: ['Document Returned Unrecorded'],
    body: `I mailed my quitclaim deed and a check to you two weeks ago and today the whole envelope came back to me with the check still in it and a checklist paper. Why didn't you record it??`,
  },
  {
    id: 'h-fbnrenew', kind: 'single',
    relevant: ['Fictitious Business Name Renewal'],
    body: `My DBA for Sunrise Landscaping was filed back in 2021 and I think it's about to run out. What do I need to do to keep the name? Same owner, same address, nothing changed.`,
  },
  {
    id: 'h-appt', kind: 'single',
    relevant: ['Book an Appointment'],
    body: `I need to come in to take care of a couple things — do you take walk-ins or do I have to schedule a time first? If so, how do I set that up?`,
  },
  {
    id: 'h-holiday', kind: 'single',
    relevant: ['Holiday Closure'],
    body: `Are you guys open Christmas Eve? Was hoping to swing by that morning.`,
  },
  {
    id: 'h-bounced', kind: 'single',
    relevant: ['Returned Payment'],
    body: `Hello,

I got a letter from you saying my check didn't clear. I honestly didn't realize my account was that low, it was a mix-up with my paycheck deposit. What do I owe now, and will my order still go through?

Sorry about this,
Luis Fernandez`,
  },
  {
    id: 'h-extension', kind: 'single',
    relevant: ['Records Request Extension'],
    body: `I submitted a records request on October 1st for the voter roll maintenance logs. It has now been more than ten days and I haven't received the records. My understanding is that you have ten days to respond. Where is my response?

> On Oct 1, 2026, Alder County Clerk-Recorder wrote:
> Thank you, we have received your request, reference PRR-2026-0412.`,
  },
  {
    id: 'h-permits', kind: 'single',
    relevant: ['Wrong Department: Building Permits'],
    body: `I want to build a deck off the back of my house. Do I need to get a permit from you guys?`,
  },
  {
    id: 'h-looking', kind: 'single',
    relevant: ["We're Looking Into It"],
    body: `Hi,

I ordered certified copies back in August, paid online, order #AC-44190, and nothing has shown up. I've checked my mailbox every day. The confirmation email says "processing" and hasn't changed in three months. Can someone please find out what happened to it?

Thanks,
Jolene Park`,
  },
  {
    id: 'h-needinfo', kind: 'single',
    relevant: ['Need More Information'],
    body: `hi i need a copy of the paper. how do i get it. thanks`,
  },
  {
    id: 'h-regdeadline-s', kind: 'single',
    relevant: ['Voter Registration Deadline'],
    body: `Is it too late to register for the special election in March? When's the cutoff and can I do it online?`,
  },
  {
    id: 'h-replballot-s', kind: 'single',
    relevant: ['Request a Replacement Ballot'],
    body: `spilled my whole coffee on my ballot 🙃 can i get a new one mailed out`,
  },
  {
    id: 'h-recfees-s', kind: 'single',
    relevant: ['Recording Fees'],
    body: `What's the fee to record a trust transfer deed? First page and each additional page please. Thank you.`,
  },
  {
    id: 'h-birth-s', kind: 'single',
    relevant: ['Birth Certificate Copy'],
    body: `Can I order a copy of my own birth certificate by mail? I live in Oregon now but I was born in Alder County in 1971.

Sent from my Galaxy`,
  },
  {
    id: 'h-death-s', kind: 'single',
    relevant: ['Death Certificate Copy'],
    body: `My wife passed away on November 10th. The funeral home said I'd need several official copies of the death certificate for the pension and the insurance. How do I get them and how much are they each?

Ed Marsh`,
  },
  {
    id: 'h-marriage-s', kind: 'single',
    relevant: ['Marriage License Requirements'],
    body: `Do we both have to show up in person to get the marriage license? My fiancé works out of town Monday through Friday.`,
  },
  {
    id: 'h-hours-s', kind: 'single',
    relevant: ['Office Hours and Location'],
    body: `are you open saturdays`,
  },
  {
    id: 'h-proptax-s', kind: 'single',
    relevant: ['Wrong Department: Property Taxes'],
    body: `I just bought my first house and need to apply for the homeowners' exemption on the property tax. Is that done through you?`,
  },
  {
    id: 'h-reconvey-s', kind: 'single',
    relevant: ['Reconveyance Not Recorded'],
    body: `Good afternoon,

Our client satisfied in full the deed of trust recorded as Document No. 2004-118832 in June 2020. To date no reconveyance appears of record and the beneficiary has not responded to two written demands. Please advise what steps are available to our client.

Thank you,
Rebecca Tolliver, Legal Secretary
Grant, Ames & Tolliver`,
  },
  {
    id: 'h-fbn-s', kind: 'single',
    relevant: ['Fictitious Business Name Filing'],
    body: `I'm a freelance photographer and want to start working under the name "Blue Hour Studio" instead of my own name. Do I have to file something with the county for that?`,
  },
  {
    id: 'h-court-s', kind: 'single',
    relevant: ['Wrong Department: Court Records'],
    body: `I need a certified copy of my criminal record for a job background check. Can I request it from your office?`,
  },
  {
    id: 'h-dropbox-s', kind: 'single',
    relevant: ['Ballot Drop Box Locations'],
    body: `is there a ballot box at city hall in alder falls or do i have to go somewhere else`,
  },

  // ───────────────────────── NO-ANSWER ─────────────────────────
  {
    id: 'h-none-thanks', kind: 'no-answer', relevant: [],
    body: `Hello,

I just wanted to say thank you to Maria at the front counter, who helped me sort out my mother's paperwork last week. She was so patient with me, and I was not at my best. Please pass this along to her boss.

Happy holidays to all of you,
Cynthia Rowe`,
  },
  {
    id: 'h-none-seo', kind: 'no-answer', relevant: [],
    body: `Hi there,

I noticed your website isn't showing up on the first page of Google for "county records office". Our team can get your site ranked #1 in 30 days GUARANTEED or your fee back! Reply YES for a free audit.

Best,
Ashley | GrowthRank Digital Solutions`,
  },
  {
    id: 'h-none-job', kind: 'no-answer', relevant: [],
    body: `Dear Hiring Manager,

Please accept this email as my application for the Office Assistant II position I saw posted on the county jobs page. I have six years of experience in customer service and records management at a title company. My resume is attached.

Thank you for your consideration,
Daniel Okafor
(555) 018-2290`,
  },
  {
    id: 'h-none-dog', kind: 'no-answer', relevant: [],
    body: `how do i renew my dogs license? the tag expired in october and animal control left a notice on my door`,
  },
  {
    id: 'h-none-dmv', kind: 'no-answer', relevant: [],
    body: `My driver's license expires next month. Can I renew it at your office instead of the DMV? The DMV line is always insane.`,
  },
  {
    id: 'h-none-measure', kind: 'no-answer', relevant: [],
    body: `What do you folks think about Measure K on the ballot? Is it a good idea or not? I keep going back and forth and you'd know better than anybody.`,
  },
  {
    id: 'h-none-pothole', kind: 'no-answer', relevant: [],
    body: `There is a huge pothole on County Road 14 just past the Miller farm, almost took my tire off this morning. Who do I report it to?`,
  },
  {
    id: 'h-none-vaccine', kind: 'no-answer', relevant: [],
    body: `Hi, I need my son's immunization record for kindergarten registration. He got his shots at the county clinic. Can you send me a copy?`,
  },
  {
    id: 'h-none-libraryfee', kind: 'no-answer', relevant: [],
    body: `I have a $12 late fee on my library account for a book I KNOW I returned on time. Can you take it off?`,
  },
  {
    id: 'h-none-board', kind: 'no-answer', relevant: [],
    body: `I want to speak during public comment at next Tuesday's Board of Supervisors meeting about the new landfill site. How do I sign up, and how many minutes do we get?

Pete Gallagher`,
  },
  {
    id: 'h-none-unsubscribe', kind: 'no-answer', relevant: [],
    body: `Please take me off your email list. I keep getting the election newsletter and I never signed up for it.`,
  },
  {
    id: 'h-none-accident', kind: 'no-answer', relevant: [],
    body: `I'd like a copy of the accident report from the crash on Highway 9 on November 2nd. The deputy gave me case number 26-11873. My insurance company is asking for it.`,
  },
  {
    id: 'h-none-fishing', kind: 'no-answer', relevant: [],
    body: `where can I buy a fishing license around here? does your office sell them`,
  },
  {
    id: 'h-none-recipe', kind: 'no-answer', relevant: [],
    body: `Hi Aunt Carol!

Here's the cranberry relish recipe you asked for at Thanksgiving: 1 bag cranberries, 1 orange (peel and all), 3/4 cup sugar, pulse in the food processor. Let it sit overnight!

Love, Becca

Sent from my iPhone`,
  },
  {
    id: 'h-none-invoice', kind: 'no-answer', relevant: [],
    body: `Please find attached invoice #4471 for the toner cartridges delivered to the Clerk-Recorder office on 11/12. Terms are net 30. Remit to Valley Office Supply, PO Box 220, Alder Falls.

Accounts Receivable`,
  },

  // ───────────────────────── TWO-TOPICS ─────────────────────────
  {
    id: 'h-two-marriage-parking', kind: 'two-topics',
    relevant: ['Marriage License Requirements', 'Parking and Directions'],
    body: `Hi! We're coming in next Thursday to get our marriage license. What do we need to bring with us? And where's the best place to park, we've never been downtown.

Thanks, Kayla & Devon`,
  },
  {
    id: 'h-two-death-probate', kind: 'two-topics',
    relevant: ['Death Certificate Copy', 'Wrong Department: Court Records'],
    body: `Hello,

My mother passed away at home on November 3rd. I need a few certified copies of her death certificate for her bank and the life insurance — how do I order them? Also, her lawyer says we have to "open probate" on her estate. Is that something I file with you too?

Thank you,
Alan Brooks`,
  },
  {
    id: 'h-two-address-dropbox', kind: 'two-topics',
    relevant: ['Update Your Address', 'Ballot Drop Box Locations'],
    body: `hey, i moved from Lakeview to Millbrook in september, still in the county. how do i change my address for voting? and where's the closest place in millbrook to drop my ballot off in person`,
  },
  {
    id: 'h-two-birth-payment', kind: 'two-topics',
    relevant: ['Birth Certificate Copy', 'Payments Accepted'],
    body: `Good morning, I'd like to get a certified copy of my daughter's birth certificate, she was born in Alder County in 2019. How do I order it? And can I pay with a debit card, or does it have to be a money order?

Thank you,
Rosa Jimenez`,
  },
  {
    id: 'h-two-fbn-notary', kind: 'two-topics',
    relevant: ['Fictitious Business Name Filing', 'Notary Oath Filing'],
    body: `Hi there,

Two questions. I'm starting a mobile notary and document-signing business and want to call it "Signed Sealed Delivered Services" — how do I register that name with you? And I just got my notary commission from the state, so I also need to know how to file my oath and bond with the county.

Thanks!
Tasha Greene`,
  },
  {
    id: 'h-two-fees-pcor', kind: 'two-topics',
    relevant: ['Recording Fees', 'Preliminary Change of Ownership Report'],
    body: `I'm deeding my half of the duplex to my sister. Two things: how much is it to record (the deed is 2 pages), and is there some other form that has to be sent in with the deed when ownership changes? Someone mentioned that but I don't know what it's called.`,
  },
  {
    id: 'h-two-ceremony-cert', kind: 'two-topics',
    relevant: ['Civil Ceremony Booking', 'Certified Marriage Certificate'],
    body: `Hello,

We'd like to have a small ceremony at your office in February — what days are available and what's the charge? Afterwards we'll need an official copy of the marriage certificate for my name change at work. How do we order that once we're married?

Best,
Hannah & Omar`,
  },
  {
    id: 'h-two-hours-proptax', kind: 'two-topics',
    relevant: ['Office Hours and Location', 'Wrong Department: Property Taxes'],
    body: `What are your hours and what's the address? I also have a question about my property tax bill, the amount doesn't look right. Can I ask about that when I come in?`,
  },
  {
    id: 'h-two-candidate', kind: 'two-topics',
    relevant: ['Candidate Filing Period', 'Candidate Statement Fees'],
    body: `Hi, I'm planning to run for Alder Falls city council. When does the window open to file my papers, and how much would it cost to put a statement about myself in the voter booklet?

Marcus Webb
555-0131`,
  },
  {
    id: 'h-two-search-fraud', kind: 'two-topics',
    relevant: ['Property Records Search', 'Property Fraud Alert'],
    body: `Hello,

My uncle had his house stolen through a fake deed last year, so now I'm paranoid. First, how can I look up everything that's been recorded on my own property to make sure nothing weird is on there? Second, is there a way to get notified automatically if someone files something under my name in the future?

Thanks,
Victor Huang`,
  },
];
