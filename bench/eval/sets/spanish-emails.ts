/**
 * Spanish emails a county clerk-recorder office receives, each with an English counterpart asking
 * the same thing, labelled with the saved replies that answer them: written from the replies'
 * names and one-line summaries only, by a writer who saw neither the replies' texts nor the software.
 */
export interface LanguageEvalEmail {
  /** Short stable id; a Spanish email and its English counterpart share the number: 'es-01' / 'en-01'. */
  id: string;
  /** English names of the saved replies that answer it (exactly as listed); [] when none does. */
  relevant: readonly string[];
  body: string;
}

export const SPANISH_EMAILS: readonly LanguageEvalEmail[] = [
  // Voter Registration Deadline
  {
    id: 'es-01',
    relevant: ['Voter Registration Deadline'],
    body: `Hola buenas, hasta cuando tengo para registrarme para votar en las elecciones de noviembre? se puede por internet o tengo que ir en persona?`,
  },
  {
    id: 'es-02',
    relevant: ['Voter Registration Deadline'],
    body: `Buenos días.

Me llamo Rosa Elena Martínez y el mes pasado por fin me hice ciudadana americana después de 22 años aquí. Estoy muy emocionada porque quiero votar por primera vez en la elección que viene. Mi pregunta es cuánto tiempo tengo para registrarme y cómo lo hago. ¿Puedo llenar un formulario por correo o en línea, o tengo que ir a su oficina? Trabajo de lunes a viernes en una fábrica y se me hace difícil pedir permiso.

Muchas gracias por su ayuda.
Rosa Elena Martínez`,
  },
  // Check Registration Status
  {
    id: 'es-03',
    relevant: ['Check Registration Status'],
    body: `como se si estoy registrada para votar? no me acuerdo si lo hice cuando saque la licencia en el DMV`,
  },
  {
    id: 'es-04',
    relevant: ['Check Registration Status'],
    body: `Hola, les escribo por mi mamá que no usa computadora. Ella se registró para votar hace como 15 años cuando vivíamos en la calle Olive, y cree que puso que era demócrata, pero ya no está segura. Queremos revisar si todavía aparece registrada, con qué dirección y con qué partido, porque no quiere llegar a votar y que le digan que no está en la lista. ¿Hay alguna página donde se pueda ver o le tenemos que llamar?

Gracias, Daniel`,
  },
  // Update Your Address
  {
    id: 'es-05',
    relevant: ['Update Your Address'],
    body: `me mude de Fresno pa aca hace 2 meses, tengo q cambiar mi direccion para votar o sigue igual?`,
  },
  {
    id: 'es-06',
    relevant: ['Update Your Address'],
    body: `Buenas tardes. Nos cambiamos de apartamento en enero, seguimos en el mismo condado pero ahora vivimos del otro lado del pueblo, por la escuela secundaria. Mi esposo y yo estamos registrados para votar con la dirección vieja y no quiero que nos manden las cosas de la elección al apartamento anterior porque ahí ya vive otra familia. ¿Qué tenemos que hacer para poner la dirección nueva? ¿Lo tiene que hacer cada uno por separado o lo puedo hacer yo por los dos?

Bendiciones,
Marisol`,
  },
  // Same-Day Registration
  {
    id: 'es-07',
    relevant: ['Same-Day Registration'],
    body: `se me paso la fecha pa registrarme 😩 todavia puedo votar??`,
  },
  {
    id: 'es-08',
    relevant: ['Same-Day Registration'],
    body: `Buenas, cumplí 18 años en agosto y la verdad no sabía que uno tenía que registrarse antes. Mi prima me dijo que ya pasó la fecha pero que todavía puedo ir el mero día, registrarme ahí mismo y votar. ¿Eso es cierto? ¿A dónde tengo que ir y qué tengo que llevar? Nomás tengo mi ID de la escuela y mi acta de nacimiento. Gracias`,
  },
  // Request a Replacement Ballot
  {
    id: 'es-09',
    relevant: ['Request a Replacement Ballot'],
    body: `no me ha llegado la boleta y mi esposo ya recibio la suya desde hace una semana. que hago?`,
  },
  {
    id: 'es-10',
    relevant: ['Request a Replacement Ballot'],
    body: `Hola buenos días, les escribo un poco apenada. Me llegó la boleta por correo hace unos días y la dejé en la mesa de la cocina para llenarla con calma el fin de semana. Mi niño de tres años agarró una pluma y la rayó toda, y encima se le cayó jugo. Ya no se puede leer casi nada y el sobre quedó todo manchado. ¿Me pueden mandar otra? ¿O tengo que ir a votar en persona? No quiero perder mi voto.

Muchas gracias y disculpen la molestia.
Yesenia Ramírez`,
  },
  // Track My Ballot
  {
    id: 'es-11',
    relevant: ['Track My Ballot'],
    body: `hay manera de que me avisen por texto cuando me manden la boleta y cuando cuenten mi voto?`,
  },
  {
    id: 'es-12',
    relevant: ['Track My Ballot'],
    body: `Saludos. Mandé mi boleta por correo el martes pasado desde la oficina de correos de la calle Main. Es la primera vez que voto por correo y la verdad me da desconfianza, porque en El Salvador siempre votaba en persona y aquí todo es distinto. ¿Cómo puedo saber si ya les llegó y si la contaron? ¿Hay alguna página o número donde se pueda revisar?

Gracias de antemano.
Atte. Carlos Hernández`,
  },
  // Ballot Status Follow-up
  {
    id: 'es-13',
    relevant: ['Ballot Status Follow-up'],
    body: `Hola, les escribí el jueves pasado preguntando por mi boleta (la mandé el 28 de octubre, mi número de votante está en el correo anterior) y me contestaron que la iban a buscar. Ya pasó casi una semana y no sé nada. En la página sigue diciendo que no la han recibido. ¿Me pueden decir si ya la encontraron o si tengo que hacer algo más?

Gracias,
Ana Lucía Pérez`,
  },
  {
    id: 'es-14',
    relevant: ['Ballot Status Follow-up'],
    body: `hola otra vez, soy la señora que les escribio el lunes por la boleta de mi hijo que esta en el army. ya saben algo?`,
  },
  // Signature Cure Letter
  {
    id: 'es-15',
    relevant: ['Signature Cure Letter'],
    body: `Buenas tardes. Recibí una carta de ustedes diciendo que la firma en el sobre de mi boleta no se parece a la que tienen en el registro y que si no lo arreglo no van a contar mi voto. Es que el año pasado tuve un derrame cerebral y mi mano derecha ya no es la misma, ahora firmo muy diferente. ¿Qué tengo que hacer? ¿Tengo que ir en persona o puedo mandar algo por correo? Mi hija me está ayudando a escribir esto.

Gracias.
Jorge Castillo`,
  },
  {
    id: 'es-16',
    relevant: ['Signature Cure Letter'],
    body: `me llego una carta q dice que mi firma no coincide. que tengo que hacer pa que si cuenten mi voto?`,
  },
  // Ballot Drop Box Locations
  {
    id: 'es-17',
    relevant: ['Ballot Drop Box Locations'],
    body: `a que hora cierran los buzones para las boletas el dia de la eleccion? y hay uno por el walmart?`,
  },
  {
    id: 'es-18',
    relevant: ['Ballot Drop Box Locations'],
    body: `Hola, fíjese que yo trabajo en el turno de noche en el hospital y salgo a las 7 de la mañana, entonces no alcanzo a llegar a ninguna oficina en horario normal. Quiero dejar mi boleta en uno de esos buzones oficiales, no en el correo. ¿Dónde están los buzones que hay en el condado? ¿Están abiertos las 24 horas o los cierran en la noche? ¿Y desde qué fecha se pueden usar?

Gracias, Wendy`,
  },
  // Mail Ballot Postmark Rules
  {
    id: 'es-19',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `si mando mi boleta por correo el mero dia de la eleccion todavia cuenta?`,
  },
  {
    id: 'es-20',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `Saludos, tengo una duda que me tiene bien preocupao. Eché mi boleta en el buzón azul del correo frente a mi casa el lunes en la noche, un día antes de la elección. Después leí en Facebook que a veces el correo no le pone la fecha el mismo día y que si llega tarde no la cuentan. ¿Es verdad eso? ¿Hasta qué día tiene que llegarles para que valga? ¿Qué pasa si el sello dice miércoles? No sé si debería ir a votar en persona por si acaso.

Gracias,
Luis`,
  },
  // Find a Vote Center
  {
    id: 'es-21',
    relevant: ['Find a Vote Center'],
    body: `donde puedo ir a votar en persona? vivo por el centro y no me gusta votar por correo`,
  },
  {
    id: 'es-22',
    relevant: ['Find a Vote Center'],
    body: `Hola, mi mamá tiene 81 años y usa silla de ruedas. A ella no le gusta votar por correo, dice que quiere hacerlo en persona como siempre. ¿Cuál es el lugar para votar más cercano a donde ella vive, en la calle Sycamore? ¿Tiene rampa o estacionamiento para discapacitados? ¿Y se puede ir unos días antes para evitar la fila del día de la elección?

Mil gracias,
Patricia`,
  },
  // Ballots in Other Languages
  {
    id: 'es-23',
    relevant: ['Ballots in Other Languages'],
    body: `se puede pedir la boleta en español? mi papa no lee bien el ingles`,
  },
  {
    id: 'es-24',
    relevant: ['Ballots in Other Languages'],
    body: `Hi, mi abuelita solo habla español y always se confunde con las propuestas cuando le llega el voter guide en inglés. Is there a way que le manden la guía y la boleta en español directamente a su casa? Ella ya está registrada aquí en el condado. Also mi vecino me preguntó si la hay en vietnamita para su mamá. Thanks!!

- Jennifer`,
  },
  // Recording Fees
  {
    id: 'es-25',
    relevant: ['Recording Fees'],
    body: `cuanto cuesta grabar una escritura? es una sola pagina`,
  },
  {
    id: 'es-26',
    relevant: ['Recording Fees'],
    body: `Buenas tardes. Mi papá me va a poner en el título de su casa junto con él. El abogado ya nos preparó el documento (un grant deed, creo) y ya lo firmamos ante notario. Ahora hay que grabarlo en su oficina. ¿Cuánto nos van a cobrar? El documento tiene 3 páginas. ¿Hay algún otro cargo aparte? ¿Aceptan tarjeta de débito o tiene que ser cheque?

Saludos,
Ricardo Fuentes`,
  },
  // Certified Copy of a Deed
  {
    id: 'es-27',
    relevant: ['Certified Copy of a Deed'],
    body: `necesito una copia certificada de la escritura de mi casa para el banco, como la pido?`,
  },
  {
    id: 'es-28',
    relevant: ['Certified Copy of a Deed'],
    body: `Hola buenas. Mi papá falleció en marzo y dejó una casa aquí en el condado que compró en 1998. Los papeles originales no los encontramos por ningún lado, creo que se perdieron cuando se fue a vivir con mi hermana. El abogado nos pide una copia de la escritura para empezar los trámites de la herencia, y mis tíos en México también necesitan una para un trámite allá, y me dijeron que tiene que ser certificada. ¿Cómo la puedo pedir? ¿Necesito comprobar que soy su hijo? ¿Cuánto tiempo tarda?

Les agradezco mucho.
Francisco Javier Solís`,
  },
  // Property Records Search
  {
    id: 'es-29',
    relevant: ['Property Records Search'],
    body: `Buenas, estoy por comprarle un terreno a un señor directamente, sin agente de bienes raíces, y un amigo me aconsejó que antes de darle el dinero revise si el terreno tiene algún gravamen o deuda registrada, o si aparece otro dueño. ¿Cómo puedo buscar los documentos que están grabados sobre ese terreno? Tengo la dirección y el número de parcela. ¿Se puede en internet o hay que ir a la oficina? Gracias`,
  },
  {
    id: 'es-30',
    relevant: ['Property Records Search'],
    body: `puedo buscar en linea los documentos grabados a nombre de una persona? es mi ex y quiero ver si vendio la casa`,
  },
  // Homestead Declaration
  {
    id: 'es-31',
    relevant: ['Homestead Declaration'],
    body: `Hola. Tenemos muchas deudas médicas desde que operaron a mi esposo y ya nos están llamando de una agencia de cobranza. Una compañera de trabajo me dijo que existe un papel que se llama "homestead" que uno puede registrar en el condado para que no le puedan quitar la casa por las deudas. ¿Es cierto? ¿Dónde consigo el formulario y cuánto cuesta registrarlo? Somos dueños de la casa desde 2010.

Gracias,
Guadalupe`,
  },
  {
    id: 'es-32',
    relevant: ['Homestead Declaration'],
    body: `tengo deudas y me da miedo perder mi casa, hay algun papel que se pueda grabar pa proteger la casa de los acreedores?`,
  },
  // Property Fraud Alert
  {
    id: 'es-33',
    relevant: ['Property Fraud Alert'],
    body: `Buenas tardes, señores.

Soy una persona mayor, tengo 74 años y vivo sola desde que murió mi esposo. Ayer vi en el noticiero de Univision que hay delincuentes que falsifican documentos y se roban las casas de la gente, que ponen la casa a su nombre sin que el dueño se dé cuenta. Me quedé muy preocupada. La casa ya está pagada y es lo único que tengo para dejarles a mis hijos. ¿Hay alguna forma de que ustedes me avisen si alguien trata de registrar algo con mi nombre o el de mi casa?

Que Dios los bendiga.
Carmen Delgado viuda de Ortiz`,
  },
  {
    id: 'es-34',
    relevant: ['Property Fraud Alert'],
    body: `quiero que me avisen si alguien graba algun documento a mi nombre, como me inscribo? es gratis?`,
  },
  // Marriage License Requirements
  {
    id: 'es-35',
    relevant: ['Marriage License Requirements'],
    body: `Hola! Mi novia y yo nos queremos casar en junio aquí en el condado. Yo soy ciudadano pero ella es de Guatemala y solo tiene su pasaporte guatemalteco y su DPI, no tiene licencia de aquí. ¿Con eso le sirve para sacar la licencia de matrimonio? ¿Tenemos que ir los dos juntos? ¿Hay que llevar testigos o hacernos análisis de sangre? ¿Cuánto cuesta?

Gracias,
Kevin y Heidy`,
  },
  {
    id: 'es-36',
    relevant: ['Marriage License Requirements'],
    body: `q se necesita pa sacar la licencia de matrimonio? los 2 somos mayores de edad y ya vivimos juntos`,
  },
  // Certified Marriage Certificate
  {
    id: 'es-37',
    relevant: ['Certified Marriage Certificate'],
    body: `se casaron mis papás aquí en 1985 y necesito el acta de matrimonio certificada para un tramite de inmigracion. como la pido?`,
  },
  {
    id: 'es-38',
    relevant: ['Certified Marriage Certificate'],
    body: `Buenas tardes. Mi esposo y yo nos casamos el mes pasado en la ceremonia civil que hacen ustedes en el edificio del condado, y ahora necesito una copia certificada del certificado de matrimonio para cambiarme el apellido en el Seguro Social y en la licencia de manejar. ¿Ya estará lista? ¿Cómo la pido y cuánto cuesta? ¿Puedo pedir dos copias de una vez?

Gracias,
Daniela Ruiz de Morales`,
  },
  // Birth Certificate Copy
  {
    id: 'es-39',
    relevant: ['Birth Certificate Copy'],
    body: `necesito el acta de nacimiento de mi hija, nacio en el hospital de aqui en 2019. como la saco?`,
  },
  {
    id: 'es-40',
    relevant: ['Birth Certificate Copy'],
    body: `Hola, buenas. Nací en el condado de Alder en 1992 pero ahora vivo en Houston, Texas. Necesito una copia certificada de mi acta de nacimiento para sacar el pasaporte, porque la que tenía se mojó cuando se inundó la casa con el huracán. ¿La puedo pedir por correo o en línea sin tener que viajar a California? ¿Qué documentos tengo que mandar y cuánto cuesta?

Muchas gracias.
Stephanie Gómez`,
  },
  // None of the replies
  {
    id: 'es-41',
    relevant: [],
    body: `Buenos días. Me llegó una carta para servir como jurado el próximo mes. Yo sí soy ciudadano, pero mi inglés es muy básico y no creo que entienda lo que dicen en la corte. Además trabajo por mi cuenta y si no trabajo no gano. ¿Cómo puedo pedir que me excusen o que me cambien la fecha?

Gracias,
Héctor`,
  },
  {
    id: 'es-42',
    relevant: [],
    body: `hola, por que subio tanto el impuesto de la propiedad este año?? el bill dice $4,800 y el año pasado pague como 3,900. y cuando se vence el primer pago?`,
  },
  {
    id: 'es-43',
    relevant: [],
    body: `Buenas, hay un bache enorme en la esquina de la calle Pine con la 5ta, a mi vecino ya se le ponchó una llanta. A quién le aviso para que lo tapen?`,
  },
  {
    id: 'es-44',
    relevant: [],
    body: `donde saco la licencia pa mi perro? lo adopte hace poco`,
  },
  {
    id: 'es-45',
    relevant: [],
    body: `Hola, quiero hacer cita para sacarles el pasaporte a mis dos hijos de 6 y 9 años. Ustedes dan citas o a dónde tengo que ir? Nos vamos pa República Dominicana en julio.`,
  },
  {
    id: 'es-46',
    relevant: [],
    body: `Buenas tardes. Tengo que presentarme en la corte el 14 de este mes por una multa de tránsito que me pusieron en la carretera 99. Ese día no puedo ir porque me operan de la vesícula y la cita la tengo desde hace meses. ¿Cómo hago para cambiar la fecha de la corte? ¿O puedo pagar la multa sin tener que ir?

Gracias,
Manuel`,
  },
];

export const ENGLISH_EMAILS: readonly LanguageEvalEmail[] = [
  // Voter Registration Deadline
  {
    id: 'en-01',
    relevant: ['Voter Registration Deadline'],
    body: `Hi there, what's the last day I can sign up to vote for the November election? Can I do it online or do I have to come in person?`,
  },
  {
    id: 'en-02',
    relevant: ['Voter Registration Deadline'],
    body: `Good morning,

My name is Linda Kowalski and last month I finally became a U.S. citizen after 22 years of living here. I'm thrilled because I want to vote for the first time in the upcoming election. How much time do I have to register, and how do I go about it? Can I fill out a form by mail or online, or do I need to come to your office? I work Monday through Friday at a plant and it's hard for me to get time off.

Thank you so much for your help.
Linda Kowalski`,
  },
  // Check Registration Status
  {
    id: 'en-03',
    relevant: ['Check Registration Status'],
    body: `how do i find out if i'm registered to vote? can't remember if i did it when i got my license at the DMV`,
  },
  {
    id: 'en-04',
    relevant: ['Check Registration Status'],
    body: `Hi, I'm writing on behalf of my mom, who doesn't use a computer. She registered to vote about 15 years ago back when we lived on Olive Street, and she thinks she signed up as a Democrat but isn't sure anymore. We'd like to check whether she's still on the rolls, under what address, and with which party, because she doesn't want to show up to vote and be told she isn't on the list. Is there a website where we can look it up, or should we call?

Thanks, Daniel`,
  },
  // Update Your Address
  {
    id: 'en-05',
    relevant: ['Update Your Address'],
    body: `moved here from fresno 2 months ago, do i need to change my address for voting or does it just carry over?`,
  },
  {
    id: 'en-06',
    relevant: ['Update Your Address'],
    body: `Good afternoon. We moved apartments in January. We're still in the county, just on the other side of town now, over by the high school. My husband and I are both registered to vote at the old address, and I don't want our election mail going to the old place since another family lives there now. What do we have to do to get the new address on file? Does each of us need to do it separately, or can I take care of it for both of us?

Blessings,
Karen`,
  },
  // Same-Day Registration
  {
    id: 'en-07',
    relevant: ['Same-Day Registration'],
    body: `missed the deadline to register 😩 can i still vote??`,
  },
  {
    id: 'en-08',
    relevant: ['Same-Day Registration'],
    body: `Hey, I turned 18 in August and honestly had no idea you had to register ahead of time. My cousin told me the deadline already passed but that I can still show up on the day, register right there, and vote. Is that true? Where do I have to go and what should I bring? All I've got is my school ID and my birth certificate. Thanks`,
  },
  // Request a Replacement Ballot
  {
    id: 'en-09',
    relevant: ['Request a Replacement Ballot'],
    body: `my ballot never showed up and my husband got his a week ago. what do i do?`,
  },
  {
    id: 'en-10',
    relevant: ['Request a Replacement Ballot'],
    body: `Good morning, this is a little embarrassing. My ballot came in the mail a few days ago and I left it on the kitchen table to fill out over the weekend. My three-year-old got hold of a pen and scribbled all over it, and then spilled juice on it for good measure. You can barely read anything and the envelope is stained. Can you send me a new one? Or do I have to go vote in person? I really don't want to lose my vote.

Thanks, and sorry for the trouble.
Jessica Reynolds`,
  },
  // Track My Ballot
  {
    id: 'en-11',
    relevant: ['Track My Ballot'],
    body: `is there a way to get a text when my ballot gets mailed to me and when my vote is counted?`,
  },
  {
    id: 'en-12',
    relevant: ['Track My Ballot'],
    body: `Hello. I mailed my ballot last Tuesday from the post office on Main Street. This is my first time voting by mail and frankly I'm a bit skeptical, since I always voted in person back east and this is all new to me. How can I find out whether it reached you and whether it got counted? Is there a website or a phone number where I can check?

Thanks in advance.
Regards, Carl Henderson`,
  },
  // Ballot Status Follow-up
  {
    id: 'en-13',
    relevant: ['Ballot Status Follow-up'],
    body: `Hi, I emailed you last Thursday about my ballot (mailed it October 28, my voter number is in my earlier message) and was told someone would look into it. It's been almost a week and I haven't heard back. The website still says it hasn't been received. Can you let me know if you found it or if there's something else I need to do?

Thanks,
Anne Porter`,
  },
  {
    id: 'en-14',
    relevant: ['Ballot Status Follow-up'],
    body: `hi again, I'm the mom who emailed monday about my son's ballot, he's in the army. any update?`,
  },
  // Signature Cure Letter
  {
    id: 'en-15',
    relevant: ['Signature Cure Letter'],
    body: `Good afternoon. I received a letter from your office saying the signature on my ballot envelope doesn't match the one you have on file, and that my vote won't count unless I fix it. The thing is, I had a stroke last year and my right hand isn't what it used to be, so my signature looks very different now. What do I need to do? Do I have to come in, or can I send something by mail? My daughter is helping me type this.

Thank you.
Jerry Collins`,
  },
  {
    id: 'en-16',
    relevant: ['Signature Cure Letter'],
    body: `got a letter saying my signature doesn't match. what do i have to do so my vote still counts?`,
  },
  // Ballot Drop Box Locations
  {
    id: 'en-17',
    relevant: ['Ballot Drop Box Locations'],
    body: `what time do the ballot boxes close on election day? and is there one near the walmart?`,
  },
  {
    id: 'en-18',
    relevant: ['Ballot Drop Box Locations'],
    body: `Hi, I work the night shift at the hospital and get off at 7 in the morning, so I can never make it to an office during normal hours. I'd like to drop my ballot in one of the official boxes rather than mailing it. Where are the boxes located around the county? Are they open 24 hours or do they get locked at night? And starting what date can I use them?

Thanks, Wendy`,
  },
  // Mail Ballot Postmark Rules
  {
    id: 'en-19',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `if i mail my ballot on election day itself does it still count?`,
  },
  {
    id: 'en-20',
    relevant: ['Mail Ballot Postmark Rules'],
    body: `Hi, I have a question that's been bugging me. I dropped my ballot in the blue USPS mailbox across from my house Monday night, the day before the election. Then I read on Facebook that the post office sometimes doesn't postmark things the same day and that late ballots get thrown out. Is that true? By what day does it have to reach you to be valid? What happens if the postmark says Wednesday? I'm wondering if I should just go vote in person to be safe.

Thanks,
Luke`,
  },
  // Find a Vote Center
  {
    id: 'en-21',
    relevant: ['Find a Vote Center'],
    body: `where can i go to vote in person? i live downtown and i'd rather not vote by mail`,
  },
  {
    id: 'en-22',
    relevant: ['Find a Vote Center'],
    body: `Hi, my mom is 81 and uses a wheelchair. She doesn't like voting by mail and wants to do it in person like she always has. Where's the closest place to vote near her house on Sycamore Street? Does it have a ramp or accessible parking? And can she go a few days early to avoid the Election Day lines?

Thanks a million,
Patricia`,
  },
  // Ballots in Other Languages
  {
    id: 'en-23',
    relevant: ['Ballots in Other Languages'],
    body: `can i get my dad's ballot in spanish? he doesn't read english well`,
  },
  {
    id: 'en-24',
    relevant: ['Ballots in Other Languages'],
    body: `Hi! My grandma only speaks Spanish and she always gets confused by the propositions when the voter guide shows up in English. Is there a way to have the guide and the ballot sent to her house in Spanish? She's already registered here in the county. Also my neighbor asked if you have it in Vietnamese for his mom. Thanks!!

- Jennifer`,
  },
  // Recording Fees
  {
    id: 'en-25',
    relevant: ['Recording Fees'],
    body: `how much is it to record a deed? it's only one page`,
  },
  {
    id: 'en-26',
    relevant: ['Recording Fees'],
    body: `Good afternoon. My dad is adding me to the title of his house. The attorney already drew up the paperwork (a grant deed, I think) and we've signed it in front of a notary. Now it needs to be recorded at your office. How much will that cost us? The document is 3 pages. Are there any other charges on top of that? Do you take debit cards or does it have to be a check?

Regards,
Richard Foster`,
  },
  // Certified Copy of a Deed
  {
    id: 'en-27',
    relevant: ['Certified Copy of a Deed'],
    body: `my bank needs a certified copy of the deed to my house, how do i get one?`,
  },
  {
    id: 'en-28',
    relevant: ['Certified Copy of a Deed'],
    body: `Hello. My father passed away in March and left a house here in the county that he bought in 1998. We can't find the original paperwork anywhere; I think it got lost when he moved in with my sister. The attorney needs a copy of the deed to start the estate process, and my uncle, who's handling some of Dad's affairs out of state, needs one too, and I've been told it has to be certified. How do I request it? Do I need to prove I'm his son? How long does it take?

Much appreciated.
Frank Sullivan`,
  },
  // Property Records Search
  {
    id: 'en-29',
    relevant: ['Property Records Search'],
    body: `Hi, I'm about to buy a lot directly from a private seller, no real estate agent involved, and a friend advised me to check before I hand over any money whether there are liens or debts recorded against it, or whether someone else shows up as an owner. How can I search the documents recorded on that property? I have the address and the parcel number. Can it be done online or do I have to come to the office? Thanks`,
  },
  {
    id: 'en-30',
    relevant: ['Property Records Search'],
    body: `can i look up recorded documents under someone's name online? it's my ex and i want to see if he sold the house`,
  },
  // Homestead Declaration
  {
    id: 'en-31',
    relevant: ['Homestead Declaration'],
    body: `Hello. We've got a lot of medical debt since my husband's surgery, and a collection agency has started calling us. A coworker told me there's a document called a "homestead" you can file with the county so they can't take your house over debts. Is that true? Where do I get the form and how much does it cost to record? We've owned the house since 2010.

Thank you,
Gloria`,
  },
  {
    id: 'en-32',
    relevant: ['Homestead Declaration'],
    body: `i'm in debt and scared of losing my house, is there some paper i can record to protect it from creditors?`,
  },
  // Property Fraud Alert
  {
    id: 'en-33',
    relevant: ['Property Fraud Alert'],
    body: `Good afternoon,

I'm a senior, 74 years old, and I've lived alone since my husband died. Last night I saw a story on the local news about crooks who forge documents and steal people's homes, putting the house in their own name without the owner ever knowing. It has me very worried. My house is paid off and it's the only thing I have to leave my children. Is there any way your office can notify me if someone tries to record something under my name or on my house?

God bless you.
Carol Ortiz`,
  },
  {
    id: 'en-34',
    relevant: ['Property Fraud Alert'],
    body: `i want to be notified if anyone records a document in my name, how do i sign up? is it free?`,
  },
  // Marriage License Requirements
  {
    id: 'en-35',
    relevant: ['Marriage License Requirements'],
    body: `Hi! My fiancée and I want to get married in June here in the county. I'm a U.S. citizen but she's from Canada and only has her Canadian passport and provincial ID, no California license. Is that enough for her to get the marriage license? Do we both have to come in together? Do we need to bring witnesses or get blood tests? How much does it cost?

Thanks,
Kevin and Heather`,
  },
  {
    id: 'en-36',
    relevant: ['Marriage License Requirements'],
    body: `what do we need to get a marriage license? we're both over 18 and already live together`,
  },
  // Certified Marriage Certificate
  {
    id: 'en-37',
    relevant: ['Certified Marriage Certificate'],
    body: `my parents got married here in 1985 and i need a certified copy of their marriage certificate for an immigration case. how do i request it?`,
  },
  {
    id: 'en-38',
    relevant: ['Certified Marriage Certificate'],
    body: `Good afternoon. My husband and I got married last month at the civil ceremony you do in the county building, and now I need a certified copy of our marriage certificate so I can change my last name with Social Security and on my driver's license. Is it ready yet? How do I order it and what does it cost? Can I get two copies at once?

Thanks,
Danielle Morris`,
  },
  // Birth Certificate Copy
  {
    id: 'en-39',
    relevant: ['Birth Certificate Copy'],
    body: `i need my daughter's birth certificate, she was born at the hospital here in 2019. how do i get it?`,
  },
  {
    id: 'en-40',
    relevant: ['Birth Certificate Copy'],
    body: `Hello. I was born in Alder County in 1992 but I live in Houston, Texas now. I need a certified copy of my birth certificate to apply for a passport, because mine got ruined when the house flooded during the hurricane. Can I order it by mail or online without having to fly out to California? What documents do I need to send and how much is it?

Thanks very much.
Stephanie Graham`,
  },
  // None of the replies
  {
    id: 'en-41',
    relevant: [],
    body: `Good morning. I got a jury summons for next month. I am a citizen, but my hearing isn't great and I'm worried I won't be able to follow what's said in the courtroom. On top of that I'm self-employed, and if I don't work I don't get paid. How do I ask to be excused or to have the date moved?

Thanks,
Howard`,
  },
  {
    id: 'en-42',
    relevant: [],
    body: `hi, why did my property tax go up so much this year?? the bill says $4,800 and last year i paid around 3,900. and when is the first installment due?`,
  },
  {
    id: 'en-43',
    relevant: [],
    body: `Hi, there's a huge pothole at the corner of Pine and 5th, my neighbor already blew a tire on it. Who do I report it to so it gets filled?`,
  },
  {
    id: 'en-44',
    relevant: [],
    body: `where do i get a license for my dog? just adopted him`,
  },
  {
    id: 'en-45',
    relevant: [],
    body: `Hi, I want to book a passport appointment for my two kids, ages 6 and 9. Do you do appointments or where do I need to go? We're flying to the Dominican Republic in July.`,
  },
  {
    id: 'en-46',
    relevant: [],
    body: `Good afternoon. I'm supposed to appear in court on the 14th of this month for a traffic ticket I got on Highway 99. I can't make it that day because I'm having gallbladder surgery, which has been scheduled for months. How do I get the court date changed? Or can I just pay the ticket without going in?

Thanks,
Mark`,
  },
];
