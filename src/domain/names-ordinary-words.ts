/**
 * Word lists that keep the name rules of `person-names.ts` off ordinary English (rules §5
 * "Personal-data scrubbing" removes names, not the words a classifier needs). Both hold folded
 * (lower-case, no diacritics) words. Curated by hand: census name lists contain thousands of
 * English words ("Brown", "Young", "Park", even "To" and "My"), and no dictionary ships with the
 * task pane.
 */

/**
 * Names that are far more often the everyday word in a county clerk's mail: removed only where
 * context makes them a name (after a title or greeting, in a sign-off, next to another name),
 * never on their own. Months, a last *will*, a *bill*, a *ward*, *grant* deeds, states as places.
 */
export const ORDINARY_NAME_WORDS: ReadonlySet<string> = new Set(
  `
  will bill mark may june april august march grant ward hope faith grace joy rose amber frank jack ray
  virginia georgia jordan austin charlotte madison victoria carolina dakota washington florida
  montana nevada indiana kansas texas tennessee kentucky alabama arizona chelsea paris london
  america israel india china jersey lincoln jefferson franklin main spain mexico canada france italy
  germany ireland england scotland wales poland greece japan korea vietnam cuba chile peru brazil
  african american asian latino hispanic women men
  white black green gray grey brown young long king hill wood woods stone price bell rice fox hunt
  lane mills cook wells west east north south brooks ford mason porter hunter fisher baker carter
  turner cooper carpenter marshall reed rich page day love little banks hall park berry walker
  bush bishop church house land glass marsh field fields may summer winter autumn spring dawn
  crystal ruby pearl iris lily daisy ivy holly robin sandy candy mercy patience charity honey
  star destiny harmony melody misty stormy sunny dusty rusty buck chance chase drew guy art pat
  sue don ken gene carol ben bob bud cliff dean glen heath herb jewel lance miles rod rocky sky
  wade warren willow major royal noble sterling earl duke prince queen lord knight sterling
  cash chip clay  cotton crane dale dove drake early english french german irish 
  free  friend gold golden good   hardy hart hawk hay  heart holiday
  hood hook horn house   judge keen kind knight lamb law lord low  lucky
  major man march meadow mercy merry moody moon  more morrow most new  noble
  oak  orange parish parks pearl penny pepper person pierce pike pine pond pool post
  power powers pride  rain  ranger rich ridge rivers road rock rose  row
  royal sage salmon sands savage  sharp shepherd shields short silver singer small snow
  sparks spear speed spring stamp steel sterling story strong street swift tanner temple
  thorn tower trout troy true   vale wall walls ware warden waters weaver 
  well wheeler wise wolf worth wren yard york
  the and of to in on at by for from with as an a i is it be he she we you me my our your his
  her them they this that these those not no yes so but or if all any can do did does done
  has had have how who why what when where which while about after before over under up down
  out off into onto upon near via per same then than there here now just only also still
  please thanks thank hello dear regards best sincerely cheers respectfully cordially
  office clerk county court city state town township village board election elections ballot
  vote voter record records deed title survey plat lien fee copy copies certificate license
  licence marriage birth death notary seal letter form forms number case account parcel
  document file book tax bond permit registration precinct library building center centre
  monday tuesday wednesday thursday friday saturday sunday
  january february july september october november december
  `.trim().split(/\s+/),
);

/**
 * Capitalised words that the context rules never take as a name, even next to one or after a
 * greeting: offices and roles ("Dear Elections Office", "Hi Team"), street and place types, days,
 * and business suffixes ("Bellandi Surveying", "Lakeshore Title").
 */
export const NOT_NAME_WORDS: ReadonlySet<string> = new Set(
  `
  sir madam madame all team everyone everybody there folks friends whom concern staff clerk clerks
  county office offices department dept division elections election recorder recorders registrar
  voter voters board supervisors commission committee services service desk counter unit
  city town township village state states country district ward precinct
  street st avenue ave road rd boulevard blvd lane ln drive dr court ct way place pl circle cir
  parkway pkwy highway hwy terrace ter trail trl square sq loop plaza route rte apt apartment
  suite ste box po
  lake river creek center centre building library school church hospital airport
  monday tuesday wednesday thursday friday saturday sunday day night morning afternoon evening
  inc llc llp ltd co corp company group associates partners law legal title realty insurance
  surveying survey bank credit union trust estates estate properties farms construction
  thanks thank hello hi dear regards best sincerely cheers signed yours truly respectfully cordially
  warmly kind warm many wishes care
  esq jr sr ii iii iv phd md dds cpa
  coordinator manager director assistant specialist supervisor deputy officer administrator
  secretary president chair chairman chairwoman worker workers volunteer poll paralegal analyst
  technician agent representative associate intern owner judge judges registrar treasurer
  manor villa villas apartments homes heights gardens commons plaza mall hotel inn chapel
  `.trim().split(/\s+/),
);
