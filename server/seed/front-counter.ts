/**
 * Demo blocks of the Front Counter team: hours and location, payments, appointments, holiday
 * closures, public records requests, acknowledgements and escalations, and "wrong department"
 * redirects. Everything here is fictional: fees, addresses and 555-01xx phone numbers.
 */
import { ALL, CHAT, EMAIL, file, html, mailbox, site, type DemoBlock } from './common';

const team = 'frontCounter';

export const FRONT_COUNTER_BLOCKS: DemoBlock[] = [
  {
    name: 'Office Hours and Location',
    team,
    categories: ['Visiting the Office'],
    contexts: ALL,
    body: html(
      '<p>The Clerk-Recorder\'s office is open <strong>Monday through Friday, 8:00 a.m. to 5:00 p.m.</strong>, except county holidays. ',
      'Recording and vital records windows stop taking new customers at 4:30 p.m.</p>',
      '<p>We are on the first floor of the County Administration Building, 100 Courthouse Square, Alder City. ',
      `Directions and a floor map are on our <a href="${site('clerk/visit')}">visit page</a>.</p>`,
    ),
  },
  {
    name: 'Parking and Directions',
    team,
    categories: ['Visiting the Office'],
    contexts: ALL,
    body: html(
      '<p>Free two-hour parking is available in the visitor lot on Oak Street, behind the County Administration Building. ',
      'Accessible spaces are next to the north entrance, which has a ramp and automatic doors.</p>',
      '<p>The building is served by bus routes 4, 11 and 22; the Courthouse Square stop is across the street. ',
      'Bicycle racks are by the north entrance.</p>',
    ),
  },
  {
    name: 'Book an Appointment',
    team,
    categories: ['Visiting the Office'],
    contexts: ALL,
    body: html(
      '<p>Appointments are required for marriage licenses, civil ceremonies and notary oath filings, and recommended for everything else. ',
      `You can book up to 30 days ahead at <a href="${site('clerk/appointments')}">aldercounty.example/clerk/appointments</a>.</p>`,
      '<p>You will receive a confirmation email with a link to reschedule or cancel. Walk-in customers are served between appointments, ',
      'so waits can be longer at lunchtime and on Mondays.</p>',
    ),
  },
  {
    name: 'Holiday Closure',
    team,
    categories: ['Visiting the Office'],
    contexts: EMAIL,
    subjectLine: 'Clerk-Recorder office closed for the holiday',
    body: html(
      '<p>Please note that the Clerk-Recorder\'s office, including the Elections Office, will be <strong>closed on Monday for the county holiday</strong> ',
      'and will reopen Tuesday at 8:00 a.m.</p>',
      '<p>During the closure you can still:</p>',
      '<ul>',
      `<li>order birth, death and marriage certificates <a href="${site('recorder/vital-records')}">online</a>,</li>`,
      `<li>search recorded documents in the <a href="${site('recorder/search')}">official records search</a>, and</li>`,
      '<li>return ballots and registration cards in any official drop box.</li>',
      '</ul>',
      '<p>Documents submitted electronically during the closure will be recorded on the next business day. We apologize for any inconvenience.</p>',
    ),
  },
  {
    name: 'Payments Accepted',
    team,
    categories: ['Payments'],
    contexts: ALL,
    body: html(
      '<p>At the counter we accept cash, checks, money orders, and debit and credit cards. ',
      'Card payments carry a 2.3% processing fee charged by our card processor (a $2.00 minimum); debit cards with a PIN have a flat $1.50 fee.</p>',
      '<p>Checks and money orders should be payable to <em>Alder County Clerk-Recorder</em>. Please do not send cash by mail.</p>',
    ),
  },
  {
    name: 'Returned Payment',
    team,
    categories: ['Payments'],
    contexts: EMAIL,
    body: html(
      '<p>The check you sent for your recent order was returned to us by your bank. A returned item fee of $25.00 now applies, ',
      'and we are unable to complete your request until the balance is paid.</p>',
      '<p>Please pay the original amount plus the fee by cashier\'s check, money order or card within 15 days. ',
      'Recorded documents are not affected, but certified copies will be released only once payment is received.</p>',
    ),
  },
  {
    name: 'Refund Request',
    team,
    categories: ['Payments'],
    contexts: EMAIL,
    body: html(
      '<p>We are sorry for the trouble with your payment. Refunds of overpayments and duplicate payments are processed by the county ',
      'Auditor-Controller and usually arrive by check within four to six weeks.</p>',
      '<p>To request one, please reply with your receipt number, the amount paid and the mailing address for the refund check. ',
      'Fees for services that were already provided, such as a record search that found no record, cannot be refunded.</p>',
    ),
  },
  {
    name: 'Public Records Request',
    team,
    categories: ['Records Requests'],
    contexts: EMAIL,
    cc: [mailbox('records')],
    attachments: [file('Public Records Request Form.pdf', 'clerk/public-records-request-form.pdf')],
    body: html(
      '<p>Thank you for your public records request. Under the state Public Records Act, we will let you know within ',
      '<strong>10 calendar days</strong> whether we hold records that answer your request and when they will be available.</p>',
      '<p>To help us search quickly, please complete the attached form, or reply with:</p>',
      '<ul>',
      '<li>a description of the records, as specific as you can make it,</li>',
      '<li>the date range you are interested in, and</li>',
      '<li>whether you would like electronic copies or paper copies.</li>',
      '</ul>',
      '<p>Electronic copies are free. Paper copies cost $0.10 per page. Some records, such as confidential marriage records ',
      'or voter information protected by law, cannot be released.</p>',
      '<p>Many records are already online and do not need a request, including election results, the recorded documents index, ',
      `and Board of Supervisors agendas. You can find them on our <a href="${site('clerk/records')}">public records page</a>.</p>`,
      '<p>Our records coordinator, copied on this message, will be your contact for this request.</p>',
    ),
  },
  {
    name: 'Records Request Extension',
    team,
    categories: ['Records Requests'],
    contexts: EMAIL,
    subjectLine: 'Update on your public records request',
    body: html(
      '<p>We are writing about your recent public records request. Because the records must be gathered from more than one office ',
      'and reviewed for confidential information, we need to extend our response time by up to <strong>14 days</strong>, ',
      'as the Public Records Act allows in these circumstances.</p>',
      '<p>We will send the records that are ready in the meantime rather than waiting for all of them. ',
      'If you are able to narrow the request, for example to a shorter date range, we may be able to respond sooner.</p>',
      '<p>Thank you for your patience.</p>',
    ),
  },
  {
    name: 'Wrong Department: Property Taxes',
    team,
    categories: ['Redirects'],
    contexts: ALL,
    body: html(
      '<p>Thank you for your message. Property tax bills and payments are handled by the <strong>Treasurer-Tax Collector</strong>, ',
      'and property values and exemptions by the <strong>Assessor</strong>; both are separate offices from ours.</p>',
      `<p>You can reach the Tax Collector at (555) 555-0160 or <a href="${site('treasurer')}">aldercounty.example/treasurer</a>, `,
      `and the Assessor at (555) 555-0161 or <a href="${site('assessor')}">aldercounty.example/assessor</a>.</p>`,
    ),
  },
  {
    name: 'Wrong Department: Court Records',
    team,
    categories: ['Redirects'],
    contexts: ALL,
    body: html(
      '<p>Divorce, name change, probate, small claims and criminal case records are kept by the <strong>Superior Court</strong>, not the Clerk-Recorder. ',
      `Please contact the Court Clerk's office at (555) 555-0170 or visit <a href="${site('courts')}">aldercounty.example/courts</a>.</p>`,
      '<p>If a court judgment affects real property, a certified copy may also be recorded with our office.</p>',
    ),
  },
  {
    name: 'Wrong Department: Building Permits',
    team,
    categories: ['Redirects'],
    contexts: ALL,
    body: html(
      '<p>Building permits, inspections and zoning questions for unincorporated areas are handled by the <strong>Planning and Building Department</strong> ',
      `at (555) 555-0175 or <a href="${site('planning')}">aldercounty.example/planning</a>. `,
      'If your property is inside a city, please contact that city\'s building department instead.</p>',
    ),
  },
  {
    name: 'We\'re Looking Into It',
    team,
    categories: [],
    contexts: ALL,
    body: html(
      '<p>Thank you for reaching out. We have received your message, and a member of our team is looking into it. ',
      'We will get back to you within two business days. There is no need to send your message again in the meantime.</p>',
    ),
  },
  {
    name: 'Need More Information',
    team,
    categories: [],
    contexts: ALL,
    body: html(
      '<p>Thank you for your message. So that we can help you, could you please send us a little more information?</p>',
      '<ul>',
      '<li>your full name and a phone number where we can reach you during business hours,</li>',
      '<li>the names of the people on the record or document you are asking about, and</li>',
      '<li>any document number, receipt number or dates you have.</li>',
      '</ul>',
      '<p>Please do not send Social Security numbers or bank details by email.</p>',
    ),
  },
  {
    name: 'Escalated to a Supervisor',
    team,
    categories: [],
    contexts: EMAIL,
    cc: [mailbox('frontcounter-supervisor')],
    body: html(
      '<p>I am sorry for the difficulty you have had. I have forwarded your message to our Front Counter supervisor, copied here, ',
      'who will review what happened and contact you directly within one business day.</p>',
      '<p>If your matter is time-sensitive, such as a recording deadline or an upcoming wedding date, please let us know in your reply so we can prioritize it.</p>',
    ),
  },
  {
    name: 'Quick Hours Reply',
    team,
    categories: [],
    contexts: CHAT,
    body: html(
      '<p>We are open Monday to Friday, 8:00 a.m. to 5:00 p.m., at 100 Courthouse Square, Alder City. ',
      'Windows stop taking new customers at 4:30 p.m., and we are closed on county holidays.</p>',
    ),
  },
  {
    name: 'Continue by Email',
    team,
    categories: [],
    contexts: CHAT,
    body: html(
      '<p>This question needs a closer look than chat allows. Please email us at ',
      `<a href="mailto:${mailbox('clerk')}">${mailbox('clerk')}</a> with the details, and we will reply within two business days.</p>`,
    ),
  },
];
