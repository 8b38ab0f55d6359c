// Evaluation emails written in the public's own words, from the list of saved-reply names only.
export interface PublicEmail {
  /** Short stable id, e.g. 'p-ballot-missing-a'. */
  id: string;
  /** Names (exactly as in blocks.md) of the saved replies that answer the email; [] when none does. Any listed one counts as right. */
  relevant: readonly string[];
  /** The text of the email as the member of the public wrote it (plain text). */
  body: string;
  /** For paired emails: the same pair id on both emails of the pair. */
  pair?: string;
  /** 'pair' | 'single' | 'no-answer' | 'two-topics' */
  kind: 'pair' | 'single' | 'no-answer' | 'two-topics';
}

export const PUBLIC_EMAILS: readonly PublicEmail[] = [
  // ---------------------------------------------------------------- pairs
  {
    id: 'p-reg-deadline-a', kind: 'pair', pair: 'reg-deadline',
    relevant: ['Voter Registration Deadline'],
    body: `hey when is the last day i can sign up to vote for the november thing? just turned 18 lol`,
  },
  {
    id: 'p-reg-deadline-b', kind: 'pair', pair: 'reg-deadline',
    relevant: ['Voter Registration Deadline'],
    body: `Hello,

My daughter is home from college for the summer and wants to get on the rolls in time for the fall election, since she'll be back at school by then but wants to vote here. What is the cutoff, and can she do the paperwork online or does she have to come in person with her ID?

Thank you,
Linda Marsh`,
  },
  {
    id: 'p-reg-status-a', kind: 'pair', pair: 'reg-status',
    relevant: ['Check Registration Status'],
    body: `How do I know if I'm still signed up? I haven't voted since 2016 and I heard they purge people who skip elections.`,
  },
  {
    id: 'p-reg-status-b', kind: 'pair', pair: 'reg-status',
    relevant: ['Check Registration Status'],
    body: `Can I see what party you have me down as? I think the DMV put me in the wrong one when I renewed my license and I want to see what's on file before the primary.

Sent from my iPhone`,
  },
  {
    id: 'p-address-a', kind: 'pair', pair: 'address',
    relevant: ['Update Your Address'],
    body: `We moved from Elm Street over to the Brookside apartments across town back in June. Do I need to tell you guys for voting purposes, or does the post office forwarding take care of it?`,
  },
  {
    id: 'p-address-b', kind: 'pair', pair: 'address',
    relevant: ['Update Your Address'],
    body: `new apt, still in the county. how do i fix my voter info so stuff gets mailed to the right place`,
  },
  {
    id: 'p-sameday-a', kind: 'pair', pair: 'sameday',
    relevant: ['Same-Day Registration'],
    body: `I totally spaced and never registered. Election is Tuesday. Am I just out of luck this time??`,
  },
  {
    id: 'p-sameday-b', kind: 'pair', pair: 'sameday',
    relevant: ['Same-Day Registration'],
    body: `Good morning. I became a U.S. citizen at the naturalization ceremony only last week! A friend told me the sign up window is already closed for this election. Is there still any way for me to vote this time? It would mean very much to me and my family.

Respectfully,
Tran Minh Duc`,
  },
  {
    id: 'p-ballot-missing-a', kind: 'pair', pair: 'ballot-missing',
    relevant: ['Request a Replacement Ballot'],
    body: `my absentee thing never showed up`,
  },
  {
    id: 'p-ballot-missing-b', kind: 'pair', pair: 'ballot-missing',
    relevant: ['Request a Replacement Ballot'],
    body: `Good morning. We're away in Arizona for the winter like every year and we are still waiting for the voting packet. We have voted in every election since Eisenhower and we are not about to stop now. Don called the number on the website twice and got a recording both times, so I am trying the email. The neighbors back home got theirs two weeks ago. Could you send another one down to us here? We are at 4410 E Saguaro Ln, Mesa AZ until April.

Don and Barb Keller
(555) 201-3384`,
  },
  {
    id: 'p-track-a', kind: 'pair', pair: 'track',
    relevant: ['Track My Ballot'],
    body: `Is there a way to see online if you got my ballot? I put it in the blue mailbox Saturday and I'm a little paranoid about the mail these days.`,
  },
  {
    id: 'p-track-b', kind: 'pair', pair: 'track',
    relevant: ['Track My Ballot'],
    body: `can i get like a text when my vote gets counted? my friend in another county said she gets notifications on her phone when they get it`,
  },
  {
    id: 'p-lookup-a', kind: 'pair', pair: 'lookup',
    relevant: ['Ballot Status Follow-up', 'Track My Ballot'],
    body: `Could someone please look up whether my vote was received? My name is Harold Jensen, born 3/14/1951, I live on Creekside Road. I mailed it back October 28th. I do not have a computer so I can't check it myself the way the instructions say. Thank you kindly.`,
  },
  {
    id: 'p-lookup-b', kind: 'pair', pair: 'lookup',
    relevant: ['Ballot Status Follow-up', 'Track My Ballot'],
    body: `hi can you check on my wifes envelope she sent back last week. Marisol Ortega, 22 Pine Ct. she is worried it got lost, did it get there?`,
  },
  {
    id: 'p-signature-a', kind: 'pair', pair: 'signature',
    relevant: ['Signature Cure Letter'],
    body: `I got a letter saying my signature "doesn't match"?? I have signed my name the same way for 40 years. Does this mean my vote got thrown out? I'm pretty upset about this.`,
  },
  {
    id: 'p-signature-b', kind: 'pair', pair: 'signature',
    relevant: ['Signature Cure Letter'],
    body: `ok so this is embarrassing. I filled out the whole ballot at the kitchen table on Sunday, took my time, read the whole guide, did all the local stuff too. Then Monday morning I was rushing to get the kids to school and I stuck it in the envelope and dropped it in the box by the library on the way. It was only in the car after that I remembered I never signed the back of the envelope, I just licked it and sealed it. My husband says they will just toss it. Is that true? What do I do now, is my vote lost? I really dont want to miss this one, there's a school bond on it and our kids school needs it.

Jessica`,
  },
  {
    id: 'p-dropbox-a', kind: 'pair', pair: 'dropbox',
    relevant: ['Ballot Drop Box Locations'],
    body: `where are the ballot boxes? is there one near the Safeway on 5th`,
  },
  {
    id: 'p-dropbox-b', kind: 'pair', pair: 'dropbox',
    relevant: ['Ballot Drop Box Locations'],
    body: `I don't trust the mail anymore. Where can I physically put my ballot so it goes straight to you and not through the post office? Anything open late? I work until 9pm most nights.`,
  },
  {
    id: 'p-postmark-a', kind: 'pair', pair: 'postmark',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `If I put my ballot in the mail on election day does it still count or is that too late`,
  },
  {
    id: 'p-postmark-b', kind: 'pair', pair: 'postmark',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `My husband is only now filling his out (world's biggest procrastinator). If he sends it Monday and it doesn't reach you until the week after, is it still good, or has he blown it?`,
  },
  {
    id: 'p-votecenter-a', kind: 'pair', pair: 'votecenter',
    relevant: ['Vote Center Hours'],
    body: `Where can I go vote in person? I'd rather use the machine than do the mail one at my kitchen table.`,
  },
  {
    id: 'p-votecenter-b', kind: 'pair', pair: 'votecenter',
    relevant: ['Vote Center Hours'],
    body: `what time do the polls close tuesday`,
  },
  {
    id: 'p-pw-apply-a', kind: 'pair', pair: 'pw-apply',
    relevant: ['Poll Worker Application'],
    body: `I'm retired and would love to help out on election day. How do I sign up? I was a school secretary for 30 years so I can handle a crowd.`,
  },
  {
    id: 'p-pw-apply-b', kind: 'pair', pair: 'pw-apply',
    relevant: ['Poll Worker Application'],
    body: `Hello, I am 16 and my civics teacher said high school students can sometimes work at the voting places. Is that true in Alder County and how would I apply? Do I need my parents permission?`,
  },
  {
    id: 'p-pw-pay-a', kind: 'pair', pair: 'pw-pay',
    relevant: ['Poll Worker Training and Pay'],
    body: `How much do you pay people who work the polls? And is it the whole day?`,
  },
  {
    id: 'p-pw-pay-b', kind: 'pair', pair: 'pw-pay',
    relevant: ['Poll Worker Training and Pay'],
    body: `I already signed up to be an election helper. Do I have to go to some kind of class before, and when is it? Also is this paid or volunteer, I never got a straight answer on that.`,
  },
  {
    id: 'p-cand-file-a', kind: 'pair', pair: 'cand-file',
    relevant: ['Candidate Filing Period'],
    body: `I want to run for school board. What do I need to do and by when?`,
  },
  {
    id: 'p-cand-file-b', kind: 'pair', pair: 'cand-file',
    relevant: ['Candidate Filing Period'],
    body: `Several neighbors have encouraged me to put my name in for the open water district seat. When does the window open to get on the ballot, and what paperwork is involved? I've never done anything like this.

Gary Pruitt
555-0142`,
  },
  {
    id: 'p-cand-fee-a', kind: 'pair', pair: 'cand-fee',
    relevant: ['Candidate Statement Fees'],
    body: `How much does it cost to have my blurb printed in the booklet that goes out to voters?`,
  },
  {
    id: 'p-cand-fee-b', kind: 'pair', pair: 'cand-fee',
    relevant: ['Candidate Statement Fees'],
    body: `I'm running for city council. Is the little write-up about each candidate in the sample ballot pamphlet free, or is there a charge? Someone told me it runs into the thousands, which would be most of my campaign budget.`,
  },
  {
    id: 'p-results-a', kind: 'pair', pair: 'results',
    relevant: ['Election Results Timeline'],
    body: `When will we know who won?`,
  },
  {
    id: 'p-results-b', kind: 'pair', pair: 'results',
    relevant: ['Election Results Timeline'],
    body: `What time do the first numbers go up on your website on election night, and how often do you update them after that? Our campaign is planning a watch party.`,
  },
  {
    id: 'p-certify-a', kind: 'pair', pair: 'certify',
    relevant: ['Canvass and Certification'],
    body: `Why is the county STILL counting two weeks after the election?? When is it actually final? Other places are done already.`,
  },
  {
    id: 'p-certify-b', kind: 'pair', pair: 'certify',
    relevant: ['Canvass and Certification'],
    body: `Our library measure is behind by about 40 votes. At what point do the numbers become official, and what exactly happens between now and then? Trying to explain it to our volunteers.`,
  },
  {
    id: 'p-access-a', kind: 'pair', pair: 'access',
    relevant: ['Accessible Voting Options'],
    body: `My mother is in a wheelchair and almost blind. Can she still vote in person, and will there be someone there to help her?`,
  },
  {
    id: 'p-access-b', kind: 'pair', pair: 'access',
    relevant: ['Accessible Voting Options'],
    body: `do the voting places have the machine with headphones for people who cant see the screen`,
  },
  {
    id: 'p-ravbm-a', kind: 'pair', pair: 'ravbm',
    relevant: ['Remote Accessible Vote by Mail'],
    body: `I'm blind and use a screen reader for everything. Is there any way I can fill out my ballot on my own laptop at home, instead of needing someone to read the paper one to me? I'd like my vote to be private.`,
  },
  {
    id: 'p-ravbm-b', kind: 'pair', pair: 'ravbm',
    relevant: ['Remote Accessible Vote by Mail'],
    body: `I have bad arthritis in both hands and cannot hold a pen anymore. My son says there is some kind of ballot you can do on the computer and then print out? Is that available here?`,
  },
  {
    id: 'p-uocava-a', kind: 'pair', pair: 'uocava',
    relevant: ['Military and Overseas Voters'],
    body: `I'm deployed right now (Navy, on a ship). How do I get my ballot out here?`,
  },
  {
    id: 'p-uocava-b', kind: 'pair', pair: 'uocava',
    relevant: ['Military and Overseas Voters'],
    body: `Hello, I moved to Berlin for my work two years ago but I am still US citizen. Can I still vote in Alder County elections, and how can I receive the ballot here in Germany? The post is very slow.

Best regards
Katrin Albers`,
  },
  {
    id: 'p-language-a', kind: 'pair', pair: 'language',
    relevant: ['Ballots in Other Languages'],
    body: `Hola, mi papá no lee bien el inglés. Hay boletas en español? He want to vote by himself without my help. Gracias`,
  },
  {
    id: 'p-language-b', kind: 'pair', pair: 'language',
    relevant: ['Ballots in Other Languages'],
    body: `Do you have the voting pamphlet in Vietnamese? My grandmother wants to read it herself instead of having me translate everything.`,
  },
  {
    id: 'p-elex-complaint-a', kind: 'pair', pair: 'elex-complaint',
    relevant: ['Referred to Elections Supervisor'],
    body: `To whom it may concern,

I'm writing to complain about the vote center at Lincoln Elementary on Saturday. I got there at 10 in the morning and the line was already out into the parking lot. It took almost two hours to get inside. Once I was in, I could see that one of the machines had a paper sign taped to it saying out of order, and I was told by another voter that it had been like that since they opened. There were only three workers and one of them spent most of the time on her phone. Worst of all, around 11 a worker came out and told people in line that if they didn't want to wait they should "just go home and mail it," even though for many of us it was too late for that. I watched at least a dozen people, including an elderly couple, give up and leave. That is not acceptable. I would like to know who is responsible for that location and what is being done so it doesn't happen again on election day.

Sincerely,
Margaret Ellison`,
  },
  {
    id: 'p-elex-complaint-b', kind: 'pair', pair: 'elex-complaint',
    relevant: ['Referred to Elections Supervisor'],
    body: `poll worker at the library was wearing a campaign button for one of the candidates. is that even allowed?? somebody needs to look into this`,
  },
  {
    id: 'p-rec-fee-a', kind: 'pair', pair: 'rec-fee',
    relevant: ['Recording Fees'],
    body: `How much is it to record a deed? It's just adding my wife onto the house.`,
  },
  {
    id: 'p-rec-fee-b', kind: 'pair', pair: 'rec-fee',
    relevant: ['Recording Fees'],
    body: `What's the charge per page to put a document on file with you? I have a 3-page easement agreement with my neighbor for our shared driveway.`,
  },
  {
    id: 'p-pcor-a', kind: 'pair', pair: 'pcor',
    relevant: ['Preliminary Change of Ownership Report'],
    body: `Title officer here. Do you require the PCOR on an interspousal transfer, or is the exemption noted on the face of the deed sufficient? And what's the additional fee if the PCOR isn't attached?

Renee Whitaker | Senior Title Officer
Cornerstone Title Co. | 555-0187`,
  },
  {
    id: 'p-pcor-b', kind: 'pair', pair: 'pcor',
    relevant: ['Preliminary Change of Ownership Report'],
    body: `My dad is giving me his cabin up by the lake. Someone told me there's a second form besides the deed that has to go with it, some kind of sheet about the owner changing? Where do I get that and do I fill it out or does he?`,
  },
  {
    id: 'p-format-a', kind: 'pair', pair: 'format',
    relevant: ['Document Formatting Requirements'],
    body: `Does my document have to be on a certain size paper? Mine is on legal size.`,
  },
  {
    id: 'p-format-b', kind: 'pair', pair: 'format',
    relevant: ['Document Formatting Requirements'],
    body: `I'm about to send in a quitclaim I typed up myself. What are the rules about the blank area at the top, the font size, the edges and so on? I don't want it kicked back because of some technicality.`,
  },
  {
    id: 'p-erecord-a', kind: 'pair', pair: 'erecord',
    relevant: ['Electronic Recording'],
    body: `We're a small escrow office and currently courier our docs over to you. Do you accept e-recording yet, and which submitter vendors are you set up with?`,
  },
  {
    id: 'p-erecord-b', kind: 'pair', pair: 'erecord',
    relevant: ['Electronic Recording'],
    body: `Hi - I'm in post-closing at Summit Home Lending. Can we send our releases and assignments digitally instead of mailing wet-signed originals? Who do we talk to about getting our account set up?

Thanks,
Jordan Pike`,
  },
  {
    id: 'p-deedhelp-a', kind: 'pair', pair: 'deedhelp',
    relevant: ['Deed Preparation Help'],
    body: `Can someone at your office help me fill out a deed? I want to put the house in my kids names and I really don't want to pay a lawyer $500 for one piece of paper.`,
  },
  {
    id: 'p-deedhelp-b', kind: 'pair', pair: 'deedhelp',
    relevant: ['Deed Preparation Help'],
    body: `I need to take my ex off the title of my home. What form do I use and what do I write in all the boxes? Can you just tell me what to put?`,
  },
  {
    id: 'p-deedcopy-a', kind: 'pair', pair: 'deedcopy',
    relevant: ['Certified Copy of a Deed'],
    body: `I need a copy of my house papers for the bank. How do I get one and how much is it?`,
  },
  {
    id: 'p-deedcopy-b', kind: 'pair', pair: 'deedcopy',
    relevant: ['Certified Copy of a Deed'],
    body: `Good afternoon,

Our office requests one certified copy of the grant deed recorded in 2011 as instrument no. 2011-0048213. Please advise of the fee and whether you accept requests by mail with a firm check.

Alicia Moreno, Paralegal
Whitfield & Moss LLP
555-0199`,
  },
  {
    id: 'p-search-a', kind: 'pair', pair: 'search',
    relevant: ['Property Records Search'],
    body: `Is there a way to see everything that's been filed on my property over the years? Looking for an old easement that supposedly exists for the power company.`,
  },
  {
    id: 'p-search-b', kind: 'pair', pair: 'search',
    relevant: ['Property Records Search'],
    body: `I'm doing my family history and want to find any land my great-grandfather bought in the county back in the 1920s. Can I look up old records by his name? His name was Elias Thornbury.`,
  },
  {
    id: 'p-reconvey-a', kind: 'pair', pair: 'reconvey',
    relevant: ['Reconveyance Not Recorded'],
    body: `We paid off our mortgage in March (finally!!) and the bank said they'd take care of the paperwork. Nothing has shown up since. How do we know the loan is actually off the house?`,
  },
  {
    id: 'p-reconvey-b', kind: 'pair', pair: 'reconvey',
    relevant: ['Reconveyance Not Recorded'],
    body: `Hello, I hope someone can help me because I am at my wits end. We are trying to sell our home on Whitmore Ave, we accepted an offer in October and everything was going fine until the title company called me yesterday. They say there is still an old loan from 2005 showing as open against the house. That loan was with a company called Pacific Crest that got bought by some other bank, and it was paid off when we refinanced in 2012. I have the payoff letter somewhere in the garage I think. I called the bank that bought them and got transferred four times and then the call dropped. The buyers are getting nervous and our escrow closes in three weeks. My husband thinks the county just forgot to take it off but I don't know how any of this works. How do I get that old loan cleared off so we can close? Do I bring the payoff letter to you, or does the bank have to do something?

Thank you,
Debra Lindqvist
(555) 318-2270`,
  },
  {
    id: 'p-lien-a', kind: 'pair', pair: 'lien',
    relevant: ['Release of a Lien'],
    body: `A contractor put a lien on my house over a roof job, we settled and I paid him in full. How do I get the lien thing taken off now?`,
  },
  {
    id: 'p-lien-b', kind: 'pair', pair: 'lien',
    relevant: ['Release of a Lien'],
    body: `I finally paid off what I owed the IRS. That tax claim against my property still shows on my credit report. What needs to be filed with you to clear it?`,
  },
  {
    id: 'p-homestead-a', kind: 'pair', pair: 'homestead',
    relevant: ['Homestead Declaration'],
    body: `What's a homestead? My neighbor said I should file one to protect my house.`,
  },
  {
    id: 'p-homestead-b', kind: 'pair', pair: 'homestead',
    relevant: ['Homestead Declaration'],
    body: `I'm being sued after a car accident and I'm scared. Is there something I can put on record so they can't take my home if they win?`,
  },
  {
    id: 'p-fraud-a', kind: 'pair', pair: 'fraud',
    relevant: ['Property Fraud Alert'],
    body: `I saw on the news that scammers are stealing houses by faking the paperwork. Is there a way I'd get warned if somebody files something on my house?`,
  },
  {
    id: 'p-fraud-b', kind: 'pair', pair: 'fraud',
    relevant: ['Property Fraud Alert'],
    body: `SOMEBODY RECORDED A DEED ON MY RENTAL PROPERTY THAT I NEVER SIGNED. My tenant called me because a man showed up saying he was the new owner and she should pay rent to him now. I looked it up and there is a paper saying I sold the house to some LLC I have never heard of. The signature is fake, it is not even close to how I sign, and the notary stamp is from a notary in another state. I have owned that house since 1997 and I am not selling it. Do I call the police, do I call you, do I need a lawyer?? Can you just take the fake one off? I am shaking writing this. What do I do??

Sent from my iPhone`,
  },
  {
    id: 'p-returned-doc-a', kind: 'pair', pair: 'returned-doc',
    relevant: ['Document Returned Unrecorded'],
    body: `I got my deed back in the mail along with my check and a little slip. Why didn't you record it?`,
  },
  {
    id: 'p-returned-doc-b', kind: 'pair', pair: 'returned-doc',
    relevant: ['Document Returned Unrecorded'],
    body: `Sent you a trust transfer three weeks ago and it came right back to me with the money order still in the envelope. There was a checklist with a box ticked but I honestly couldn't make sense of it. What went wrong?`,
  },
  {
    id: 'p-marriage-lic-a', kind: 'pair', pair: 'marriage-lic',
    relevant: ['Marriage License Requirements'],
    body: `We want to get hitched next month! What do we need to bring with us to get the license?`,
  },
  {
    id: 'p-marriage-lic-b', kind: 'pair', pair: 'marriage-lic',
    relevant: ['Marriage License Requirements'],
    body: `Hello, I am from Brazil and my fiance is American. Which documents I need to get the paper for marry here? Is my passport enough or I need also birth certificate translated?

Obrigada,
Fernanda`,
  },
  {
    id: 'p-confidential-a', kind: 'pair', pair: 'confidential',
    relevant: ['Confidential Marriage License'],
    body: `We've lived together for 10 years and want to make it official, but we really don't want it showing up publicly. Is there a private option?`,
  },
  {
    id: 'p-confidential-b', kind: 'pair', pair: 'confidential',
    relevant: ['Confidential Marriage License'],
    body: `is it true theres a kind of marriage where it isnt searchable by anybody? my ex is kind of a stalker and we already share a place so`,
  },
  {
    id: 'p-ceremony-a', kind: 'pair', pair: 'ceremony',
    relevant: ['Civil Ceremony Booking'],
    body: `Can you guys marry us at the courthouse? Just us two and a couple friends. What days do you do it and how much?`,
  },
  {
    id: 'p-ceremony-b', kind: 'pair', pair: 'ceremony',
    relevant: ['Civil Ceremony Booking'],
    body: `We'd like a simple wedding performed by the county, nothing fancy, no church. Is there a room for that and can we bring about 10 guests?`,
  },
  {
    id: 'p-marriage-cert-a', kind: 'pair', pair: 'marriage-cert',
    relevant: ['Certified Marriage Certificate'],
    body: `I need proof that I'm married so Social Security will change my last name. How do I get an official copy? We got married here in 2019.`,
  },
  {
    id: 'p-marriage-cert-b', kind: 'pair', pair: 'marriage-cert',
    relevant: ['Certified Marriage Certificate'],
    body: `Can I order a certified copy of my parents' wedding record from 1978? Our immigration lawyer needs it for a petition.`,
  },
  {
    id: 'p-birth-a', kind: 'pair', pair: 'birth',
    relevant: ['Birth Certificate Copy'],
    body: `need my birth certificate for a passport how do i get a copy`,
  },
  {
    id: 'p-birth-b', kind: 'pair', pair: 'birth',
    relevant: ['Birth Certificate Copy'],
    body: `My grandson was born at Alder Valley Hospital last spring. Am I allowed, as his grandmother, to request his official record of being born, or does it have to be one of his parents?`,
  },
  {
    id: 'p-death-a', kind: 'pair', pair: 'death',
    relevant: ['Death Certificate Copy'],
    body: `Greenlawn Mortuary here. The family is requesting 8 additional certified DCs for a decedent who passed 10/2. What's your current turnaround, and the fee per copy?

Thank you,
Paul Okafor, Funeral Director
Greenlawn Mortuary | 555-0163`,
  },
  {
    id: 'p-death-b', kind: 'pair', pair: 'death',
    relevant: ['Death Certificate Copy'],
    body: `Hi there. My father passed away last month at home, he was 91 and in hospice so it wasn't a surprise, but there is so much paperwork nobody warns you about. The funeral home gave us a few copies of the certificate at the start and I thought that would be plenty, but the bank wanted one, his pension wanted one, the life insurance wanted one and would not accept a photocopy, and now the DMV and the credit union both want one too. I'm the executor and I live about two hours away so coming in person is hard with my work schedule. How do I get more of the official papers that say he died, how much are they each, and can I do it by mail or online? I'd probably want five or six more just to be safe.

Thanks for your patience,
Carol Hughes`,
  },
  {
    id: 'p-fbn-a', kind: 'pair', pair: 'fbn',
    relevant: ['Fictitious Business Name Filing'],
    body: `I'm starting a house cleaning business called Sparkle Bros. Do I need to register the name with the county somehow?`,
  },
  {
    id: 'p-fbn-b', kind: 'pair', pair: 'fbn',
    relevant: ['Fictitious Business Name Filing'],
    body: `how do i get a DBA? the bank wont open my business account without one`,
  },
  {
    id: 'p-fbn-renew-a', kind: 'pair', pair: 'fbn-renew',
    relevant: ['Fictitious Business Name Renewal'],
    body: `My DBA from 2021 is about to expire. How do I renew it? Same name, same address, nothing changed.`,
  },
  {
    id: 'p-fbn-renew-b', kind: 'pair', pair: 'fbn-renew',
    relevant: ['Fictitious Business Name Renewal'],
    body: `Got a notice that the registration for my shop's trade name is going to run out soon. Do I have to put it in the newspaper all over again, or just pay something?`,
  },
  {
    id: 'p-notary-a', kind: 'pair', pair: 'notary',
    relevant: ['Notary Oath Filing'],
    body: `I just passed the notary exam and my commission came in the mail! What do I do next with your office?`,
  },
  {
    id: 'p-notary-b', kind: 'pair', pair: 'notary',
    relevant: ['Notary Oath Filing'],
    body: `I'm renewing my notary commission for another 4 years. Do I have to bring in my bond and get sworn in again at your office, and how many days do I have after the new commission date?`,
  },
  {
    id: 'p-hours-a', kind: 'pair', pair: 'hours',
    relevant: ['Office Hours and Location'],
    body: `what time do you open saturday`,
  },
  {
    id: 'p-hours-b', kind: 'pair', pair: 'hours',
    relevant: ['Office Hours and Location'],
    body: `Where exactly is your office? Is it in the main courthouse or some other building? And how late are you there?`,
  },
  {
    id: 'p-parking-a', kind: 'pair', pair: 'parking',
    relevant: ['Parking and Directions'],
    body: `Is there anywhere to park near your building? Last time I circled for 20 minutes and got a ticket.`,
  },
  {
    id: 'p-parking-b', kind: 'pair', pair: 'parking',
    relevant: ['Parking and Directions'],
    body: `Coming by bus from the east side. Which stop is closest to you, and once I'm off the bus which way do I walk?`,
  },
  {
    id: 'p-appt-a', kind: 'pair', pair: 'appt',
    relevant: ['Book an Appointment'],
    body: `Can I just show up or do I need to schedule something first?`,
  },
  {
    id: 'p-appt-b', kind: 'pair', pair: 'appt',
    relevant: ['Book an Appointment'],
    body: `How do I reserve a time slot to come in? I don't want to sit in a waiting room for an hour with two toddlers.`,
  },
  {
    id: 'p-holiday-a', kind: 'pair', pair: 'holiday',
    relevant: ['Holiday Closure'],
    body: `Are you open the day after Thanksgiving?`,
  },
  {
    id: 'p-holiday-b', kind: 'pair', pair: 'holiday',
    relevant: ['Holiday Closure'],
    body: `Will your doors be open on Veterans Day? It's my only day off this month and I was hoping to come in then.`,
  },
  {
    id: 'p-payment-a', kind: 'pair', pair: 'payment',
    relevant: ['Payments Accepted'],
    body: `do u take credit cards`,
  },
  {
    id: 'p-payment-b', kind: 'pair', pair: 'payment',
    relevant: ['Payments Accepted'],
    body: `Can I pay with Venmo or Apple Pay? If not, is a personal check OK? And is there an extra charge for using plastic?`,
  },
  {
    id: 'p-bounced-a', kind: 'pair', pair: 'bounced',
    relevant: ['Returned Payment'],
    body: `Got a letter that my check bounced. I switched banks and forgot to move money over, my fault. How do I fix this and what do I owe now?`,
  },
  {
    id: 'p-bounced-b', kind: 'pair', pair: 'bounced',
    relevant: ['Returned Payment'],
    body: `my bank sent back what i paid you guys for insufficient funds?? what do i need to do so my order still goes through, i still need the copies`,
  },
  {
    id: 'p-refund-a', kind: 'pair', pair: 'refund',
    relevant: ['Refund Request'],
    body: `I was charged twice for the same birth certificate order. How do I get my money back?`,
  },
  {
    id: 'p-refund-b', kind: 'pair', pair: 'refund',
    relevant: ['Refund Request'],
    body: `I mailed $120 with my deed but the receipt says the total was only $98. Can I get the $22 difference back or is it just gone?`,
  },
  {
    id: 'p-cpra-a', kind: 'pair', pair: 'cpra',
    relevant: ['Public Records Request'],
    body: `Pursuant to the Public Records Act, I request all emails between the Registrar of Voters and any voting system vendor from January 1 through June 30 of this year. Electronic copies are acceptable.`,
  },
  {
    id: 'p-cpra-b', kind: 'pair', pair: 'cpra',
    relevant: ['Public Records Request'],
    body: `Hi, I'm a reporter with the Alder Gazette. I'd like to get copies of any written complaints your office received about staff conduct in the past year, and the overtime totals for the department. Who do I send that to and how long does it take?`,
  },
  {
    id: 'p-taxes-a', kind: 'pair', pair: 'taxes',
    relevant: ['Wrong Department: Property Taxes'],
    body: `my property tax bill went way up this year, who do I talk to`,
  },
  {
    id: 'p-taxes-b', kind: 'pair', pair: 'taxes',
    relevant: ['Wrong Department: Property Taxes'],
    body: `I'm a disabled veteran. How do I get the break on my home so I pay less to the county every year?`,
  },
  {
    id: 'p-court-a', kind: 'pair', pair: 'court',
    relevant: ['Wrong Department: Court Records'],
    body: `I need a copy of my divorce decree.`,
  },
  {
    id: 'p-court-b', kind: 'pair', pair: 'court',
    relevant: ['Wrong Department: Court Records'],
    body: `How do I legally change my son's last name to mine? His father isn't in the picture.`,
  },
  {
    id: 'p-permit-a', kind: 'pair', pair: 'permit',
    relevant: ['Wrong Department: Building Permits'],
    body: `I want to build a deck off the back of my house. Do I get the permit from you?`,
  },
  {
    id: 'p-permit-b', kind: 'pair', pair: 'permit',
    relevant: ['Wrong Department: Building Permits'],
    body: `my neighbor is putting up a second house in his backyard, is that even allowed in our neighborhood?? who do i call about that`,
  },
  {
    id: 'p-escalate-a', kind: 'pair', pair: 'escalate',
    relevant: ['Escalated to a Supervisor'],
    body: `I waited 90 minutes at your counter today, and when I finally got up there the clerk rolled her eyes at me when I asked a simple question. I want to speak to a manager.`,
  },
  {
    id: 'p-escalate-b', kind: 'pair', pair: 'escalate',
    relevant: ['Escalated to a Supervisor'],
    body: `This is the third time I have called and nobody ever calls back. Each person I talk to gives me a different answer. Completely unacceptable for a public office that my taxes pay for. I expect to hear from someone in charge.

R. Castellano`,
  },

  // ---------------------------------------------------------------- singles
  {
    id: 's-ballot-dog', kind: 'single',
    relevant: ['Request a Replacement Ballot'],
    body: `The dog chewed up my ballot. Literally, there are teeth marks through half the page. Can I get a fresh one??`,
  },
  {
    id: 's-records-slow', kind: 'single',
    relevant: ['Records Request Extension', "We're Looking Into It"],
    body: `I sent in a request for the vendor contracts and invoices on the 3rd. The law says you have 10 days to respond and I haven't heard a thing. When can I expect the documents?`,
  },
  {
    id: 's-order-lost', kind: 'single',
    relevant: ["We're Looking Into It"],
    body: `I ordered a copy of our marriage certificate online on October 3rd, paid with my card, and got confirmation number AC-55821. It's been six weeks and nothing has arrived. Can someone find out what happened to it?`,
  },
  {
    id: 's-vague-paper', kind: 'single',
    relevant: ['Need More Information'],
    body: `I need a copy of my paper. Please send asap.`,
  },
  {
    id: 's-vague-mom', kind: 'single',
    relevant: ['Need More Information'],
    body: `hi can u help me with the thing for my mom, she said to email you about it. thanks`,
  },
  {
    id: 's-vague-letter', kind: 'single',
    relevant: ['Need More Information'],
    body: `I got a letter from you folks and I don't understand it. What am I supposed to do?`,
  },
  {
    id: 's-did-it-count', kind: 'single',
    relevant: ['Ballot Status Follow-up', 'Track My Ballot'],
    body: `Did my ballot count? Jorge Villanueva, 1881 Alamo Way, DOB 7/9/88`,
  },
  {
    id: 's-register-online-late', kind: 'single',
    relevant: ['Voter Registration Deadline', 'Same-Day Registration'],
    body: `Is it too late to register online if I do it this week? Election is the 5th.`,
  },
  {
    id: 's-deed-pdf', kind: 'single',
    relevant: ['Certified Copy of a Deed'],
    body: `Can you email me a PDF of the paper that shows we bought our house? We lost ours in the move.`,
  },
  {
    id: 's-search-website', kind: 'single',
    relevant: ['Property Records Search'],
    body: `Is there a website where I can look up filed documents by a person's name? I'm trying to see if my brother-in-law ever put anything on my late mother's land.`,
  },
  {
    id: 's-death-niece', kind: 'single',
    relevant: ['Death Certificate Copy'],
    body: `Who is allowed to order a death certificate? I'm the niece and I'm handling my aunt's affairs, she had no kids.`,
  },
  {
    id: 's-birth-out-of-state', kind: 'single',
    relevant: ['Birth Certificate Copy'],
    body: `I was born in Alder County in 1962 but live in Oregon now. Can I get my birth certificate by mail? I can't travel down there.`,
  },
  {
    id: 's-license-expiry', kind: 'single',
    relevant: ['Marriage License Requirements'],
    body: `How long is a marriage license good for once we pick it up? Our wedding is in 4 months and we're trying to get things done early.`,
  },
  {
    id: 's-private-witness', kind: 'single',
    relevant: ['Confidential Marriage License'],
    body: `for the private license for couples who already live together, do we need a witness or not`,
  },
  {
    id: 's-wedding-friday', kind: 'single',
    relevant: ['Civil Ceremony Booking'],
    body: `Do you do weddings on Fridays? What's the fee? Want to do it on our lunch break lol`,
  },
  {
    id: 's-certified-meaning', kind: 'single',
    relevant: ['Canvass and Certification'],
    body: `The news said the county "certified" the election today. What does that actually mean, and what were you doing for the three weeks before that?`,
  },
  {
    id: 's-results-where', kind: 'single',
    relevant: ['Election Results Timeline'],
    body: `Are results posted on your site or do I have to watch the news?`,
  },
  {
    id: 's-pw-green-card', kind: 'single',
    relevant: ['Poll Worker Application'],
    body: `I have a green card but I'm not a citizen yet. Am I allowed to work at a voting location? I speak Tagalog and English if that helps.`,
  },
  {
    id: 's-cand-signatures', kind: 'single',
    relevant: ['Candidate Filing Period'],
    body: `How many signatures do I need to get my name on the ballot for county supervisor, and when are they due?`,
  },
  {
    id: 's-dropbox-24h', kind: 'single',
    relevant: ['Ballot Drop Box Locations'],
    body: `Is the box outside City Hall open 24 hours or do they lock it at night?`,
  },
  {
    id: 's-son-basic', kind: 'single',
    relevant: ['Military and Overseas Voters'],
    body: `My son just left for basic training in Georgia. He's registered here at our address. How does he vote while he's gone? He can't exactly run to the mailbox.`,
  },
  {
    id: 's-chinese-help', kind: 'single',
    relevant: ['Ballots in Other Languages'],
    body: `我的英文不好。Do you have Chinese ballot or somebody who speak Chinese to help me? Thank you very much.`,
  },
  {
    id: 's-steps', kind: 'single',
    relevant: ['Accessible Voting Options'],
    body: `Is the voting place at the Main St community hall wheelchair friendly? I remember steps out front and I use a power chair now.`,
  },
  {
    id: 's-release-fee', kind: 'single',
    relevant: ['Recording Fees'],
    body: `The bank mailed me a release document and said I have to take it to the county to be recorded myself. Is there a fee for that and how much?`,
  },
  {
    id: 's-double-sided', kind: 'single',
    relevant: ['Document Formatting Requirements'],
    body: `Can the document be printed double sided? Trying to save paper. Also is blue ink ok for the signatures?`,
  },
  {
    id: 's-erecord-vendors', kind: 'single',
    relevant: ['Electronic Recording'],
    body: `Which e-submission vendors are approved for Alder County? Our underwriter is asking before we expand into your area.`,
  },
  {
    id: 's-homestead-cost', kind: 'single',
    relevant: ['Homestead Declaration'],
    body: `Does it cost anything to file a homestead, and do I have to redo it if I refinance?`,
  },
  {
    id: 's-fraud-signup', kind: 'single',
    relevant: ['Property Fraud Alert'],
    body: `How do I sign up for the email warning when something gets filed with my name on it? Is it free? I'm 82 and my daughter says I should have it.`,
  },
  {
    id: 's-judgment-satisfied', kind: 'single',
    relevant: ['Release of a Lien'],
    body: `Judgment from 2015 has been satisfied. The creditor's attorney sent me an Acknowledgment of Satisfaction of Judgment. Do I record this with your office so it comes off my property?`,
  },
  {
    id: 's-lender-gone', kind: 'single',
    relevant: ['Reconveyance Not Recorded'],
    body: `The lender on our second mortgage went out of business after we paid it off in 2009. Now we're refinancing and it's showing up as still open. Who can release it if the company doesn't exist anymore?`,
  },
  {
    id: 's-own-name-business', kind: 'single',
    relevant: ['Fictitious Business Name Filing'],
    body: `If my business is just my own name, like "Maria Delgado Photography", do I still need to file one of those DBA things?`,
  },
  {
    id: 's-notary-moved', kind: 'single',
    relevant: ['Notary Oath Filing'],
    body: `I'm a notary public and just moved my principal place of business to Alder County from Sutter. Do I need to file anything with you?`,
  },
  {
    id: 's-lunch', kind: 'single',
    relevant: ['Office Hours and Location'],
    body: `Are you open during lunch hour?`,
  },
  {
    id: 's-cancel-appt', kind: 'single',
    relevant: ['Book an Appointment'],
    body: `I have a slot booked for tomorrow at 10 but I'm sick. How do I change it to next week?`,
  },
  {
    id: 's-cash', kind: 'single',
    relevant: ['Payments Accepted'],
    body: `Do you take cash at the window? I don't have a bank account.`,
  },
  {
    id: 's-refund-extra', kind: 'single',
    relevant: ['Refund Request'],
    body: `I paid for 3 copies but you only found 2 on file. Will you send back the money for the third one?`,
  },
  {
    id: 's-pay-taxes', kind: 'single',
    relevant: ['Wrong Department: Property Taxes'],
    body: `where do i pay my house taxes online`,
  },
  {
    id: 's-probate', kind: 'single',
    relevant: ['Wrong Department: Court Records'],
    body: `I'm looking for my grandfather's estate file, his will went through the system here around 1990. Do you have that?`,
  },
  {
    id: 's-add-room', kind: 'single',
    relevant: ['Wrong Department: Building Permits'],
    body: `Who approves adding a bedroom onto the back of my house? Is that the county?`,
  },
  {
    id: 's-window-3', kind: 'single',
    relevant: ['Escalated to a Supervisor'],
    body: `The woman at window 3 told me I couldn't get my own birth certificate because I didn't have the "right" ID, but she refused to tell me which ID WOULD work. I drove 45 minutes for nothing. Who is her boss?`,
  },
  {
    id: 's-provisional-anger', kind: 'single',
    relevant: ['Referred to Elections Supervisor'],
    body: `At the community center they told me I wasn't on their list and made me fill out a special envelope ballot, even though I've voted at that exact place for 20 years. The worker was dismissive about it. I want someone in charge of the elections to explain what happened.`,
  },
  {
    id: 's-ballot-printer', kind: 'single',
    relevant: ['Public Records Request'],
    body: `How do I get copies of the contract you have with the company that prints the ballots? I'm a taxpayer and I'd like to see what we're paying.`,
  },
  {
    id: 's-ownership-form', kind: 'single',
    relevant: ['Preliminary Change of Ownership Report'],
    body: `Where do I get the change of ownership form that goes with a deed? Is it on your website somewhere?`,
  },
  {
    id: 's-register-at-polls', kind: 'single',
    relevant: ['Same-Day Registration'],
    body: `Can I sign up to vote at the polling place on election day itself?`,
  },
  {
    id: 's-track-dropbox', kind: 'single',
    relevant: ['Track My Ballot'],
    body: `Does the online ballot tracker still work if I put mine in a drop box instead of mailing it?`,
  },
  {
    id: 's-late-postmark', kind: 'single',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `The post office in our town closed early on election day so my envelope probably got stamped the next day. Does it still count?`,
  },
  {
    id: 's-monday-holiday', kind: 'single',
    relevant: ['Holiday Closure'],
    body: `closed monday for the holiday? need to drop something off`,
  },
  {
    id: 's-check-fee', kind: 'single',
    relevant: ['Returned Payment'],
    body: `Why is there a $25 charge on my copy order? The letter says something about my check being returned unpaid but I have money in that account. Please explain.`,
  },
  {
    id: 's-deed-lawyer', kind: 'single',
    relevant: ['Deed Preparation Help'],
    body: `What's the difference between a grant deed and a quitclaim, and which one should I use to give my sister half of the house?`,
  },
  {
    id: 's-ballot-laptop-visual', kind: 'single',
    relevant: ['Remote Accessible Vote by Mail'],
    body: `I have low vision and need to zoom in a lot. Can I get my ballot to fill out on my tablet?`,
  },
  {
    id: 's-booth-registration', kind: 'single',
    relevant: ['Check Registration Status'],
    body: `I registered at a booth outside the grocery store last month. How can I double check it actually went through?`,
  },
  {
    id: 's-statement-word-limit', kind: 'single',
    relevant: ['Candidate Statement Fees'],
    body: `How much is the statement in the voter guide if I go with the longer version? I'm trying to decide whether it's worth it.`,
  },
  {
    id: 's-pw-training-date', kind: 'single',
    relevant: ['Poll Worker Training and Pay'],
    body: `When is the training for election day workers? Is there an online version? I work weekdays.`,
  },
  {
    id: 's-fbn-expired', kind: 'single',
    relevant: ['Fictitious Business Name Renewal'],
    body: `Oops, I think my business name registration expired last month. Can I still renew it or do I have to start over from scratch?`,
  },
  {
    id: 's-parking-disabled', kind: 'single',
    relevant: ['Parking and Directions'],
    body: `Is there handicapped parking close to the entrance? My husband can't walk far.`,
  },

  // ---------------------------------------------------------------- no-answer
  {
    id: 'n-dog-license', kind: 'no-answer', relevant: [],
    body: `Hi, where do I renew the license for my dog? His tag expired and the vet said to contact the county.`,
  },
  {
    id: 'n-jury', kind: 'no-answer', relevant: [],
    body: `I got a jury summons for next month but I'll be out of the country for my sister's wedding. How do I get excused or postponed?`,
  },
  {
    id: 'n-pothole', kind: 'no-answer', relevant: [],
    body: `There's a huge pothole on County Road 12 just past the dairy. Already blew one tire. Who fixes that?`,
  },
  {
    id: 'n-post-office-photos', kind: 'no-answer', relevant: [],
    body: `does the post office on 3rd street take passport photos on saturdays or only weekdays`,
  },
  {
    id: 'n-lawsuit', kind: 'no-answer', relevant: [],
    body: `What's the latest on the Hendricks v. Alder County landfill lawsuit? Is the county going to settle? I live right next to the site.`,
  },
  {
    id: 'n-spam-seo', kind: 'no-answer', relevant: [],
    body: `Dear Website Owner,

We noticed your site is not ranking on the first page of Google. Our expert SEO team can guarantee top results in 30 days for only $199/month! Reply YES to get started.

Best,
Digital Growth Partners`,
  },
  {
    id: 'n-thanks', kind: 'no-answer', relevant: [],
    body: `Just wanted to say thank you to Denise at the front counter last Tuesday. She was so patient with my mom. You don't hear it enough!`,
  },
  {
    id: 'n-fishing', kind: 'no-answer', relevant: [],
    body: `where can i buy a fishing license around here`,
  },
  {
    id: 'n-trash', kind: 'no-answer', relevant: [],
    body: `Our garbage hasn't been picked up in two weeks on Orchard Lane. Is there a new schedule? The bins are overflowing and the raccoons are having a party.`,
  },
  {
    id: 'n-abandoned-car', kind: 'no-answer', relevant: [],
    body: `There's a car with no plates that's been parked in front of my house for a month. Who do I report that to?`,
  },
  {
    id: 'n-shots', kind: 'no-answer', relevant: [],
    body: `Where can I get a copy of my kid's vaccination records? The school needs them by Friday and our old pediatrician retired.`,
  },
  {
    id: 'n-food-help', kind: 'no-answer', relevant: [],
    body: `I lost my job and need help with groceries for my kids. How do I apply for food assistance?`,
  },
  {
    id: 'n-car-tags', kind: 'no-answer', relevant: [],
    body: `My car registration tags expired, can I renew them at your office?`,
  },
  {
    id: 'n-library', kind: 'no-answer', relevant: [],
    body: `How do I get a library card? I just moved here. Thanks`,
  },
  {
    id: 'n-how-to-vote', kind: 'no-answer', relevant: [],
    body: `Which way should I vote on Measure B? I can't figure out if yes means more taxes or less. What does your office recommend?`,
  },
  {
    id: 'n-raccoon', kind: 'no-answer', relevant: [],
    body: `theres a raccoon living in my attic, does the county come get it or do i have to hire someone`,
  },
  {
    id: 'n-job', kind: 'no-answer', relevant: [],
    body: `Hello, I'm interested in a permanent full-time job in your office (not the election day temp thing). Are you hiring, and where are the openings posted?

Kevin Osei
555-0118`,
  },
  {
    id: 'n-wrong-recipient', kind: 'no-answer', relevant: [],
    body: `Hey Jim, attaching the photos from the fishing trip. Let me know if you want to go again next weekend. - Tom`,
  },

  // ---------------------------------------------------------------- two-topics
  {
    id: 't-moved-no-ballot', kind: 'two-topics',
    relevant: ['Update Your Address', 'Request a Replacement Ballot'],
    body: `We moved to a house on the other side of town in August and never got our ballots. I'm guessing they went to the old place. Can you change where we live in your system and send new ones to the new house? 1290 Larkspur Dr.`,
  },
  {
    id: 't-license-and-ceremony', kind: 'two-topics',
    relevant: ['Marriage License Requirements', 'Civil Ceremony Booking'],
    body: `My girlfriend and I want to get married at your office in December. What do we need to bring to get the license, and how do we book the actual ceremony? Can we do both the same day?`,
  },
  {
    id: 't-fee-and-form', kind: 'two-topics',
    relevant: ['Recording Fees', 'Preliminary Change of Ownership Report'],
    body: `I'm giving my half of the duplex to my brother. How much will it cost to record the deed, and is there some other form I need to include since the owner is changing?`,
  },
  {
    id: 't-death-and-taxes', kind: 'two-topics',
    relevant: ['Death Certificate Copy', 'Wrong Department: Property Taxes'],
    body: `My mom died in September. I need about 5 copies of her death certificate for the bank and her pension. Also the tax bill for her house still has only her name on it, who do I talk to about that so I get the bill and it doesn't go delinquent?`,
  },
  {
    id: 't-dba-and-pay', kind: 'two-topics',
    relevant: ['Fictitious Business Name Filing', 'Payments Accepted'],
    body: `Want to register my food truck name "Taco Loco Express". How do I do that and can I pay with a debit card?`,
  },
  {
    id: 't-birth-and-hours', kind: 'two-topics',
    relevant: ['Birth Certificate Copy', 'Office Hours and Location'],
    body: `I need my birth certificate today for a job. What time do you close and can I get it same day if I come in?`,
  },
  {
    id: 't-pw-signup-pay', kind: 'two-topics',
    relevant: ['Poll Worker Application', 'Poll Worker Training and Pay'],
    body: `Me and my roommate want to work the election, we're both in college. How do we sign up and how much does it pay?`,
  },
  {
    id: 't-marriage-divorce', kind: 'two-topics',
    relevant: ['Certified Marriage Certificate', 'Wrong Department: Court Records'],
    body: `For my green card interview I need an official copy of my first marriage certificate (married here 2010) and also proof the divorce was finalized. Can I get both from you?`,
  },
  {
    id: 't-payoff-and-copy', kind: 'two-topics',
    relevant: ['Reconveyance Not Recorded', 'Certified Copy of a Deed'],
    body: `Two questions. 1) House was paid off in January and I still don't see anything saying the loan is released. 2) I also need a copy of my deed for my estate planning attorney. How do I order that?`,
  },
  {
    id: 't-dropbox-track', kind: 'two-topics',
    relevant: ['Ballot Drop Box Locations', 'Track My Ballot'],
    body: `Where's the closest place to drop my ballot in Westfield, and after I drop it how can I see that you got it?`,
  },
  {
    id: 't-appt-parking', kind: 'two-topics',
    relevant: ['Book an Appointment', 'Parking and Directions'],
    body: `I'd like to set up a time to come in next week to file some papers. Also my dad will be driving me, is there a place he can wait with the car?`,
  },
  {
    id: 't-refund-angry', kind: 'two-topics',
    relevant: ['Refund Request', 'Escalated to a Supervisor'],
    body: `You charged my card TWICE for the same copy and when I called, the person on the phone said "not my problem" and hung up on me. I want the double charge refunded and I want someone's supervisor to know how I was treated.`,
  },
  {
    id: 't-signature-moved', kind: 'two-topics',
    relevant: ['Signature Cure Letter', 'Update Your Address'],
    body: `Got the letter about my signature not matching, how do I fix that? Also the letter went to my old apartment, my friend gave it to me, so I guess my address needs changing too.`,
  },
  {
    id: 't-homestead-fraud', kind: 'two-topics',
    relevant: ['Homestead Declaration', 'Property Fraud Alert'],
    body: `I'm a widow living alone and want to protect my home every way I can. My friend mentioned a homestead form and also some kind of alert if anyone tries to file papers on the house. Can you tell me about both?`,
  },
  {
    id: 't-run-for-office', kind: 'two-topics',
    relevant: ['Candidate Filing Period', 'Candidate Statement Fees'],
    body: `Thinking about running for the hospital board. When's the deadline to file, and how much would it be to have my statement in the voter booklet?`,
  },
  {
    id: 't-notary-dba', kind: 'two-topics',
    relevant: ['Notary Oath Filing', 'Fictitious Business Name Renewal'],
    body: `Hi, I run a small mobile notary business. My new commission just came in so I need to do the oath and bond thing, and also my business name "Quick Sign Mobile Notary" expires next month and needs renewing. Can I do both in one trip?`,
  },
  {
    id: 't-split-lot', kind: 'two-topics',
    relevant: ['Wrong Department: Building Permits', 'Deed Preparation Help'],
    body: `I want to split my acre into two lots and give the back half to my son so he can build a house. Who approves splitting the lot, and can you help me write up the deed for his half?`,
  },
  {
    id: 't-sameday-where', kind: 'two-topics',
    relevant: ['Same-Day Registration', 'Vote Center Hours'],
    body: `i never registered but want to vote this time. can i still do it and where do i go, whats open on sunday`,
  },
];
