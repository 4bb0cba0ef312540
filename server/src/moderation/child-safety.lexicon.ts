import { type LexiconRule, MINOR, PERSON, RELATIVE, WORD, after, any, gap, rx } from './lexicon';

/*
 * Dangers aimed at children, in the child's words and in an adult's: viral "challenges", choking
 * and passing out, household poisons, getting weapons, alcohol and vapes, sexual requests,
 * strangers met online, hurting others, abuse of children, scams and other people's private
 * details. Written from general knowledge of each harm (word families and patterns), not from
 * the evaluation data. Same conventions as lexicon.ts: lexicon view (lower case, no apostrophes),
 * bounded quantifiers only.
 *
 * Severity follows the rest of the lexicon: naming a danger is "medium" (flagged at moderate,
 * blocked at strict), asking how to do it is "high" (blocked at moderate), "critical" for sexual
 * harm to a child.
 */

/** Viral challenges and "games" that have hurt or killed children. */
const CHALLENGE = any(
  'black ?out',
  'blacking out',
  'choking',
  'choke',
  'pass ?out',
  'passing out',
  'fainting',
  'faint',
  'knock ?out',
  'scarf',
  'space monkey',
  'tingling',
  'skull ?breaker',
  'tripping jump',
  'jump ?trip',
  'tide ?pods?',
  'laundry pods?',
  'detergent pods?',
  'cinnamon',
  'benadryl',
  'nyquil(?: chicken)?',
  'sleepy chicken',
  'fire',
  'salt (?:and|n) ice',
  'ice (?:and|n) salt',
  'penny',
  'outlet',
  'chroming',
  'huffing',
  'car surfing',
  'ghost riding',
  'milk crate',
  'hot water',
  'boiling water',
  'one chip',
  'ghost pepper',
  'kia',
  'devious licks?',
  'bird ?box',
  'dry scoop(?:ing)?',
  'duct tape',
  'eraser',
  'hot glue',
  'bleach',
  'hand sanitizer',
  'deodorant',
  'nutmeg',
  'knife',
  'blue whale',
  'momo',
  'condom snorting',
  'train surfing',
  'subway surfing',
  'roof ?topping',
  'kiki',
  'orbeez',
  'beezin',
);
/** Choking "games" go by "game" as often as by "challenge". */
const CHOKING_GAME = any(
  'black ?out',
  'choking',
  'choke',
  'pass ?out',
  'passing out',
  'fainting',
  'scarf',
  'space monkey',
  'tingling',
  'knife',
  'knock ?out',
);
const NAMED_CHALLENGE = `(?:${CHALLENGE} (?:challenges?|trends?|dares?)|${CHOKING_GAME} games?)`;

/** Things a child can swallow, sniff or spray that poison. */
const POISON = any(
  'bleach',
  'ammonia',
  'detergent',
  'laundry (?:pods?|soap|detergent)',
  'tide pods?',
  'dishwasher (?:pods?|tablets?)',
  'antifreeze',
  'anti freeze',
  'rat poison',
  'poison',
  'hand sanitizer',
  'cleaning (?:products?|stuff|supplies|chemicals)',
  'household (?:chemicals|products|cleaners)',
  'chemicals',
  'nail polish remover',
  'gasoline',
  'petrol',
  'lighter fluid',
  'paint thinner',
  'drain cleaner',
  'mouthwash',
  'batteries',
  'button batteries',
  'silica gel',
  'weed killer',
  'pesticides?',
  'insecticides?',
);
const INHALANT = any(
  'paint',
  'spray paint',
  'glue',
  'markers?',
  'sharpies?',
  'gas',
  'gasoline',
  'petrol',
  'whippets?',
  'whip its',
  'nitrous',
  'laughing gas',
  'aerosols?',
  'air dusters?',
  'computer dusters?',
  'duster',
  'keyboard cleaner',
  'deodorant',
  'body spray',
  'hairspray',
  'hair spray',
  'nail polish(?: remover)?',
  'lighter fluid',
  'butane',
  'propane',
  'white ?out',
  'correction fluid',
  'paint thinner',
  'freon',
  'fumes',
);

/**
 * What children are told to keep away from, in words that mean nothing else ("pot", "coke",
 * "joint", "shots" and "dip" do).
 */
const SUBSTANCE = any(
  'alcohol',
  'beers?',
  'vodka',
  'whiske?y',
  'liquor',
  'booze',
  'tequila',
  'wine',
  'wine coolers?',
  'hard seltzers?',
  'white claws?',
  'moonshine',
  'alcoholic drinks?',
  'cigarettes?',
  'cigs',
  'cigars?',
  'tobacco',
  'nicotine',
  'vapes?',
  'vape (?:pods?|pens?|juice|carts?)',
  'juul(?: pods?)?',
  'e ?cigs?',
  'e ?cigarettes?',
  'weed',
  'marijuana',
  'cannabis',
  'thc',
  'edibles',
  'blunts?',
  'bongs?',
  'dab pens?',
  'snus',
  'zyns?',
  'nicotine pouches',
  'chewing tobacco',
  'whippets?',
  'cocaine',
  'meth',
  'heroin',
  'fentanyl',
  'lsd',
  'shrooms',
  'magic mushrooms',
  'mdma',
  'ecstasy',
  'ketamine',
  'xanax',
  'percocets?',
  'adderall',
  'opioids?',
  'oxycontin',
  'drugs',
  'sleeping pills',
  'painkillers',
  'prescription (?:pills|drugs|meds|opioids)',
);
/** Medicines that are sold only on prescription and abused. */
const CONTROLLED = any(
  'opioids?',
  'painkillers',
  'xanax',
  'adderall',
  'oxy(?:contin|codone)?',
  'percocets?',
  'codeine',
  'hydrocodone',
  'vicodin',
  'morphine',
  'valium',
  'ritalin',
  'sleeping pills',
  'prescription (?:pills|drugs|meds|opioids)',
);

/** Someone a child knows only from the internet. */
const ONLINE = any(
  'online',
  'the internet',
  'internet',
  'roblox',
  'fortnite',
  'minecraft',
  'discord',
  'tik ?tok',
  'snapchat',
  'snap',
  'instagram',
  'insta',
  'youtube',
  'a game',
  'the game',
  'games?',
  'xbox(?: live)?',
  'playstation',
  'psn',
  'whatsapp',
  'telegram',
  'omegle',
  'kik',
  'twitch',
  'reddit',
  'facebook',
  'messenger',
  'an app',
  'the app',
  'a chat(?: ?room)?',
  'chat',
  'a website',
  'a server',
  'among us',
  'call of duty',
  'gta',
  'wattpad',
  'character ai',
  'a dating app',
  'tinder',
  'steam',
);
const STRANGER = any(
  'strangers?(?! things)',
  'some(?:one|body) (?:i|we) (?:dont|do not|didnt|never) (?:really )?(?:know|met)',
  `(?:some(?:one|body)|people|a (?:guy|man|girl|woman|boy|lady|dude|person|grown ?up|adult|player|teenager|teen|stranger)|this (?:guy|man|girl|woman|boy|lady|dude|person|player|kid)|an? (?:older|old|grown) (?:guy|man|boy|girl|woman|person|kid|teen|dude)|(?:my|a|an|this|the) (?:friend|boyfriend|girlfriend|bf|gf|crush|buddy|bestie|best friend))(?: online|(?: (?:i|we) (?:met|know|talk to|chat with|play with|talked to|played with|follow|found|meet)${gap(1)})? (?:on|from|in|through|over|off) ${ONLINE})`,
  `(?:my |a |an |this |the |our )?(?:online|internet|discord|roblox|fortnite|minecraft|tik ?tok|snapchat|insta(?:gram)?|gaming|game|ig) (?:friends?|boyfriend|girlfriend|bf|gf|buddy|buddies|crush|mate|pal|bestie|best friend)`,
  '(?:my |a |an )?secret (?:friend|boyfriend|girlfriend|bf|gf|admirer)',
);

/** Details that find or identify a child. */
const PRIVATE = any(
  '(?:home |house |real |full |exact |street |school )?address',
  'where i live',
  '(?:my |our )?(?:phone |cell |mobile )?number',
  'location',
  'last name',
  'full name',
  'real name',
  'school',
  'password',
  'zip ?code',
  'snap(?:chat)?',
  'insta(?:gram)?',
  'discord',
  'whatsapp',
);
const PICTURE = any(
  'pics?',
  'pictures?',
  'photos?',
  'selfies?',
  'videos?',
  'vids?',
  'snaps?',
  'nudes?',
  'a (?:pic|picture|photo|selfie|video|snap)',
  'my (?:pic|picture|photo|selfie|body)',
);

/** Somebody's, as written in the lexicon view ("my ex girlfriend's" → "my ex girlfriends"). */
const SOMEONES = any(
  'someones',
  'somebodys',
  'strangers',
  'celebrit(?:y|ies)s?',
  '(?:my|his|her|their|our|your|this|that|a) (?:ex |former |new |old |current |future )?(?:mom|mum|mother|dad|father|parent|brother|sister|teacher|friend|classmate|neighbou?r|wife|husband|girlfriend|boyfriend|ex|boss|partner|therapist|doctor|student|employee|employer|coworker|colleague|crush|roommate|landlord|tenant|nanny|babysitter|tutor|coach|mentor|mentee|bully|enemy|gardener|cleaner|roofer|plumber|officer|probation officer|cousin|uncle|aunt|grandma|grandpa|stepdad|stepmom|principal|guy|girl|kid|persons|mans|womans)s',
);
const THEIR_PRIVATE = any(
  '(?:home |private |personal |real |current |exact |mobile |cell |work |house )?(?:address|phone number|email(?: address)?)',
  'passport(?: number)?',
  'social security(?: number)?',
  'ssn',
  'login(?: details| info)?',
  'password',
  '(?:iphone |phone )?(?:pin|passcode)',
  'bank (?:account )?(?:details|number|info|information)',
  'credit card(?: number| details| info)?',
  '(?:medical|health|criminal|school|dental) records?',
  'medical history',
  'drivers? licen[cs]e(?: number)?',
  'location',
  'ip address',
  'birth certificate',
  'immigration status',
  'diagnosis',
  'salary',
  'browsing history',
  '(?:private )?(?:messages|texts|dms|emails|chats|diary|journal)',
);

/** Slipping something harmful into someone's food or drink. */
const SPIKE = `(?:put|slip|mix|sneak|pour)(?: some| a| the)? (?:poison|bleach|rat poison|laxatives?|ex ?lax|drugs|pills|eye ?drops|visine|peanuts?|glass|soap)${gap(2)} (?:in|into) (?:${PERSON}s?|someones|somebodys|(?:my|his|her|their|the) ${WORD}s?) (?:food|drink|water|coffee|tea|lunch|juice|soda|bottle|cereal|dinner)`;

/** Getting a blade, pepper spray or an air gun (a kitchen knife is fine). */
const KNIFE_GET = `(?:buy|get|order|carry|bring|own|have|keep) (?:a |an |my own |some )?(?:pocket ?knife|knife|knives|machete|sword|dagger|pepper spray|switchblade|bb gun|airsoft gun|slingshot)`;

/** Guns that are tools or toys: "a hot glue gun", "a nail gun". */
const TOOL = any(
  'glue',
  'hot glue',
  'heat',
  'staple',
  'nail',
  'spray',
  'paint',
  'caulk',
  'massage',
  'radar',
  'grease',
  'soldering',
  'tattoo',
  'label',
  'price',
  'water',
  'nerf',
  'toy',
  'squirt',
  'bubble',
  'foam',
  'cap',
);

/** Asking what to do is staying safe. */
const SAFETY_QUESTION =
  /\b(?:what (?:should|do|can) (?:i|you|kids) do (?:if|when)|how (?:do|can|should) (?:i|you|kids) (?:stay safe|say no|block|report)|safety tips)\b/;
/** A surprise for mum is a nice secret; asking what to do is staying safe. */
const SAFE_OR_SURPRISE =
  /\b(?:surprise|present|gift|birthday|party|card|christmas|mothers day|fathers day|anniversary|what (?:should|do|can) (?:i|you|kids) do (?:if|when)|how (?:do|can|should) (?:i|you|kids) (?:stay safe|say no|block|report)|safety tips)\b/;

export const CHILD_SAFETY: readonly LexiconRule[] = [
  // ---- dangerous challenges: naming one is a topic, asking how to do it a request ----
  {
    category: 'self_harm',
    severity: 'high',
    label: 'dangerous challenge',
    instructions: true,
    pattern: after(any(`${gap(4)} (?:the |this |that |a )?${NAMED_CHALLENGE}`)),
  },
  {
    category: 'self_harm',
    severity: 'high',
    label: 'dangerous challenge',
    instructions: true,
    pattern: rx(
      any(
        `(?:do|doing|did|try|trying|tried|film|filming|record|play|playing|start|join|dare|dared|dares)(?: (?:the|this|that|a|me to do the))? ${NAMED_CHALLENGE}`,
        `${NAMED_CHALLENGE}${gap(2)} (?:how|tips|tutorial|steps|instructions)`,
        '(?:eat|eating|bite|biting|chew|chewing|swallow|swallowing|taste|tasting|lick) (?:a |the |some |one )?(?:tide|laundry|detergent|dishwasher) (?:pods?|tablets?)',
        '(?:hold|holding) (?:my|your|ur|our|his|her) breath (?:until|till|til|untill|so) (?:i|you|u|we|he|she|they) (?:pass|black|faint)',
        `(?:choke|choking|strangle|strangling|squeeze|squeezing|suffocate|suffocating)${gap(3)} (?:until|till|til|untill|so|to make) (?:i|you|u|we|he|she|they|it|them|him|her|me) (?:pass|black|faint|go limp|get high|feel)`,
        'make (?:myself|me|my (?:friend|friends|brother|sister|cousin)|him|her|them|someone|somebody|each other|people) (?:pass out|black out|faint|go unconscious)',
        `(?:put|stick|drop|jam|push|slide|touch)(?: a| the| my)? (?:penny|coin|fork|knife|paper ?clip|key|bobby pin|metal|wire)${gap(3)} (?:in|into|inside|between) (?:a |an |the |my )?(?:outlet|socket|plug|charger|power strip)`,
        `(?:how many|how much|lots of|a bunch of|a handful of) (?:benadryl|nyquil|melatonin|dramamine|cough syrup|robitussin|dxm|allergy pills|sleeping pills|nutmeg)${gap(4)} (?:to|for|until|till|so)${gap(2)} (?:hallucinate|trip|tripping|see things|get high|feel high|pass out|black out|the challenge)`,
        '(?:snort|snorting|snorted|swallow|swallowing|inhale|inhaling)(?: a spoonful of| a spoon of| a| some)? (?:cinnamon|salt|pepper|smarties|sugar|chalk|crushed candy|pixie sticks|cocoa powder|condoms?)',
        '(?:set|light|lit|setting|lighting) (?:myself|yourself|my (?:hair|clothes|shirt|arm|hand|skin)|me) on fire',
        '(?:pour|poured|pouring|throw|throwing|threw)(?: ${WORD}){0,2} (?:boiling|hot) water (?:on|at|over) (?:someone|somebody|people|my|him|her|them|me|a friend)',
        '(?:ride|riding|surf|surfing|stand|standing|sit|sitting|lie|lying) (?:on top of|on the roof of|on the hood of) (?:a |the |my |our )?(?:moving |speeding )?(?:car|truck|train|subway|bus)',
        '(?:jump|jumping) (?:out of|off) (?:a |the )?moving (?:car|truck|train|bus)',
        `(?:steal|stole|stealing|take|break|destroy|wreck|rip)${gap(4)} (?:for|as) (?:a |my |the )?devious licks?`,
      ),
    ),
  },
  {
    category: 'self_harm',
    severity: 'medium',
    label: 'dangerous challenge',
    pattern: rx(
      any(
        NAMED_CHALLENGE,
        'devious licks?',
        '(?:tide|laundry|detergent) pods?',
        '(?:choke|choking|strangle|strangling) (?:myself|yourself|each other)',
        '(?:hold|holding) (?:my|your|ur) breath (?:until|till|til|untill) (?:i|you|u) (?:pass|black|faint)',
        '(?:pass|black|passing|blacking) out (?:for fun|on purpose|as a (?:joke|prank|dare))',
      ),
    ),
    // "the ice bucket challenge" and a reading challenge are fine; "a fire drill game" too.
    unless:
      /\b(?:fire (?:safety|drill|truck|fighters?|station|challenge (?:in|on) (?:minecraft|roblox|fortnite))|knife skills)\b/,
  },

  // ---- poisons, inhalants and medicines ----
  {
    category: 'self_harm',
    severity: 'high',
    label: 'poisoning',
    instructions: true,
    pattern: after(
      any(
        `${gap(4)} (?:drink|drinking|swallow|swallowing|eat|eating|inhale|inhaling|sniff|sniffing|huff|huffing|mix|mixing|take|taking) (?:some |a |the |a little |a lot of |enough )?${POISON}`,
      ),
    ),
  },
  {
    category: 'self_harm',
    severity: 'high',
    label: 'poisoning',
    instructions: true,
    pattern: rx(
      any(
        `(?:drink|swallow|eat|inhale|sniff|huff|take) (?:some |a |the |a little |a lot of |enough )?${POISON}${gap(3)} (?:to|and|so) (?:get|make|feel|be|become|die|pass|go|end)${gap(2)} (?:sick|ill|high|dead|out|hospital|die|throw up|vomit)`,
        `(?:what|which) (?:household |house |cleaning |kitchen )?(?:chemicals|products|cleaners|stuff|things|plants|pills|medicines?|meds)${gap(4)} (?:drink|swallow|eat|take|sniff|inhale|huff) to (?:get|make|feel|be|die|end|pass|go)`,
      ),
    ),
  },
  {
    category: 'self_harm',
    severity: 'medium',
    label: 'poisoning',
    pattern: rx(
      any(
        `(?:make|made|making) (?:myself|me) (?:really |very |super )?(?:sick|ill|throw up|vomit)${gap(2)} (?:on purpose|so i (?:can|dont|do not|wont)|to (?:miss|skip|stay home|get out of))`,
        `(?:drink|drank|drinking|swallow|swallowed|eat|ate|eating|sniff|sniffed|huff|huffed) (?:some |a |the )?${POISON}`,
      ),
    ),
  },
  {
    category: 'drugs_alcohol',
    severity: 'high',
    label: 'getting or using drugs or alcohol',
    instructions: true,
    pattern: after(
      any(
        `${gap(3)} (?:huff|huffing|sniff|sniffing|inhale|inhaling|dust|dusting|do|try|use) ${INHALANT}`,
        `${gap(4)} (?:get|getting|feel|be) (?:high|drunk|buzzed|stoned|wasted|tipsy|trippy|faded)${gap(2)} (?:on|off|from|with|using) ${WORD}`,
      ),
    ),
  },
  {
    category: 'drugs_alcohol',
    severity: 'high',
    label: 'getting or using drugs or alcohol',
    instructions: true,
    pattern: rx(
      any(
        `(?:huff|huffing|sniff|sniffing|inhale|inhaling|dusting)${gap(2)} ${INHALANT}${gap(3)} (?:to|and) (?:get|feel|be) (?:high|buzzed|dizzy|a buzz|good|funny)`,
      ),
    ),
  },

  // ---- weapons within a child's reach ----
  {
    category: 'weapons',
    severity: 'high',
    label: 'getting a weapon',
    instructions: true,
    pattern: after(
      any(
        `${gap(3)} (?:open|unlock|break into|get into|crack|find the (?:key|code|combination) (?:to|for)|get the (?:key|code|combination) (?:to|for)) (?:my |the |a |his |her |our |their )?(?:${RELATIVE}s? |parents )?(?:gun ?safe|gun (?:cabinet|locker|case|box|drawer)|safe with (?:a |the )?gun)`,
        `${gap(3)} (?:buy|get|find|steal|obtain|acquire|purchase|order|get hold of|get my hands on|borrow|sneak)${gap(2)} (?:a |an |some |my own |the )?(?:(?!${TOOL} )${WORD} )?(?:bullets|ammo|ammunition|guns?|pistols?|handguns?|rifles?|shotguns?|firearms?|weapons?|tasers?|stun guns?|brass knuckles|switchblades?|butterfly knife)\\b(?! (?:set|safe|license|licence|permit|in (?:minecraft|roblox|fortnite)))`,
      ),
    ),
  },
  {
    category: 'weapons',
    severity: 'high',
    label: 'getting a weapon',
    instructions: true,
    pattern: rx(
      any(
        `where (?:does|do|did|would|might) (?:my |our )?(?:${RELATIVE}|parents|grandparents|uncle)s? (?:keep|hide|store|put)${gap(2)} (?:gun|guns|pistol|rifle|shotgun|handgun|weapon|weapons|firearm|bullets|ammo)`,
        `(?:sneak|smuggle|bring|take|get|carry)${gap(3)} (?:a |my |the |any |some )?(?:weapons?|guns?|knife|knives|blades?|pistol|bombs?|explosives?) (?:on|onto|through|past|into) (?:a |an |the )?(?:plane|airplane|flight|tsa|airport security|security|metal detectors?|stadium|concert)`,
        `(?:knife|gun|weapon|blade|bat|poison)s? (?:to|for) (?:stab|stabbing|kill|killing|shoot|shooting|hurt|hurting|poison|poisoning|attack|attacking|murder|murdering) (?:someone|somebody|people|a person|him|her|them|my|a kid|kids)`,
      ),
    ),
  },
  {
    category: 'weapons',
    severity: 'medium',
    label: 'getting a weapon',
    pattern: after(`${gap(3)} ${KNIFE_GET}`),
    unless:
      /\b(?:kitchen|chef|chefs|cooking|cook|bread|butter|steak|paring|carving|cheese|fish|fillet|sharpen(?:er|ing)?|butter|dinner|birthday|cake|minecraft|roblox|fortnite|costume|toy|foam|wooden|play)\b/,
  },
  {
    category: 'weapons',
    severity: 'medium',
    label: 'getting a weapon',
    pattern: rx(`(?:can|should|could) i ${KNIFE_GET}`),
    unless:
      /\b(?:kitchen|chef|chefs|cooking|cook|bread|butter|steak|paring|carving|cheese|fish|fillet|sharpen(?:er|ing)?|butter|dinner|birthday|cake|minecraft|roblox|fortnite|costume|toy|foam|wooden|play)\b/,
  },
  {
    category: 'weapons',
    severity: 'high',
    label: 'making a weapon',
    instructions: true,
    pattern: after(
      `${gap(3)} (?:mak(?:e|ing)|build(?:ing)?|creat(?:e|ing)|craft(?:ing)?|construct(?:ing)?|assembl(?:e|ing)|mix(?:ing)?|cook(?:ing)?|produc(?:e|ing)|3d print(?:ing)?) (?:a |an |some |my own |your own |homemade |home made |real |working |simple |small |powerful |deadly |dangerous ){0,3}(?:gun ?powder|black powder|flash powder|smoke bombs?|fire ?bombs?|incendiary (?:devices?|bombs?)|shanks?|shivs?|tasers?|stun guns?|brass knuckles|blow ?guns?|spud guns?|potato guns?|zip guns?|booby traps?|land ?mines?|explosives?|explosive devices?|bombs?|guns?|poisons?)`,
    ),
    unless:
      /\b(?:paper|lego|cardboard|rubber band|origami|toy|nerf|minecraft|roblox|fortnite|terraria|bath|seed|glitter|confetti)\b/,
  },

  // ---- alcohol, vapes and drugs for a child ----
  {
    category: 'drugs_alcohol',
    severity: 'high',
    label: 'getting or using drugs or alcohol',
    instructions: true,
    pattern: after(
      any(
        `${gap(3)} (?:hide|hiding|cover up|mask|get rid of) (?:the )?(?:smell|taste|signs|evidence) (?:of )?(?:${SUBSTANCE}|smoking|vaping|drinking|alcohol)`,
      ),
    ),
  },
  {
    category: 'drugs_alcohol',
    severity: 'high',
    label: 'getting or using drugs or alcohol',
    instructions: true,
    pattern: rx(
      any(
        `(?:buy|get|order|purchase|score|find|try|drink|smoke|vape)${gap(1)} (?:a |an |some |my own )?${SUBSTANCE}${gap(3)} (?:if|when|since|as|while|and) (?:im|i am|ur|youre|you are|u r|your|being) (?:under ?age|a minor|a kid|a teen|only|[0-9]{1,2}|under [0-9]{2}|too young|not 21|not 18|in (?:middle|high|elementary) school)`,
        `(?:sneak|steal|take|try|drink|smoke|vape|swipe|borrow|sip)(?: some| a| a few| a bit| a sip)?(?: of)? (?:my |our )?(?:${RELATIVE}|parents|grandparents|older (?:brother|sister|cousin)|brothers|sisters)s? (?:cigarettes?|cigs|vapes?|juul|beer|beers|wine|liquor|vodka|whiskey|rum|tequila|alcohol|weed|pills|adderall|xanax|painkillers|sleeping pills|booze|cigars?|edibles)`,
        `(?:sneak|steal|take|drink|get|grab|swipe)${gap(4)} (?:from|out of|in) (?:the |my |our )?(?:${RELATIVE}s? |parents )?(?:liquor|wine|alcohol|booze|beer|drinks) (?:cabinet|cupboard|stash|fridge|bottles?|cellar)`,
        `(?:sneak|bring|smuggle|hide|take)${gap(2)} ${SUBSTANCE}${gap(2)} (?:into|to|in|at) (?:a |the |my |our )?(?:party|sleepover|school|class|camp|dance|prom|concert|bedroom|room|locker|backpack)`,
        `(?:get|convince|make|ask|pay) (?:my |an? )?(?:older |big )?(?:brother|sister|cousin|friend|adult|grown ?up|someone|somebody|stranger)${gap(2)} (?:to )?(?:buy|get|bring) (?:me|us)${gap(1)} ${SUBSTANCE}`,
        `${CONTROLLED}${gap(3)} without (?:a )?(?:prescription|doctor|doctors note)`,
        `(?:${SUBSTANCE})${gap(3)} without (?:an? )?(?:id|my parents knowing)`,
        `(?:fake|false) ids?`,
      ),
    ),
  },
  {
    category: 'drugs_alcohol',
    severity: 'medium',
    label: 'drug or alcohol use',
    pattern: rx(
      any(
        `(?:buy|get|bring|sneak|give|sell|hand) (?:me|us) (?:some |a |an |the |more )?${SUBSTANCE}`,
        `(?:smoke|smoking|smoked|vape|vaping|vaped) (?:some |a |my |his |her )?(?:cigarettes?|cigs|cigars?|vapes?|juul|e ?cigs?|disposables?|nicotine|tobacco)`,
        `(?:can|should|could|may) (?:i|kids|a kid|children) (?:try|drink|smoke|vape|take|have)${gap(2)} ${SUBSTANCE}`,
        `(?:liquor|alcohol|booze) (?:cabinet|cupboard|stash)`,
        `(?:huff|huffing|sniff|sniffing|dusting) ${INHALANT}`,
        `(?:underage|under age) (?:drinking|smoking|vaping)`,
      ),
    ),
  },

  // ---- sexual requests ----
  {
    category: 'sexual',
    severity: 'high',
    label: 'explicit sexual content',
    pattern: rx(
      any(
        `(?:pics?|pictures?|photos?|images?|videos?|vids?|movies?) of (?:naked|nude|topless|undressed|sexy|hot naked)`,
        'naked (?:people|persons?|ladies|bodies|body|kids|children|teens|women|woman|girls?|boys?|selfies?)',
        `(?:sexy|dirty|steamy|smutty|smut|x rated|raunchy|lewd|erotic|nsfw|kinky) (?:story|stories|fan ?fics?|fan ?fictions?|roleplay|role play|rp|pics?|pictures?|photos?|images?|videos?|vids?|movies?|films?|texts?|messages?|chat|talk|sites?|websites?|scenes?|poems?|letters?|things to say|selfies?|snaps?|dms)`,
        `sexual (?:encounter|encounters|scenes?|story|stories|roleplay|role play|experiences?|details|things|stuff|fantasy|fantasies|messages|texts|pictures|photos|videos|games?)`,
        `(?:explicit|graphic) (?:sex|sexual|sex scenes?|details of sex|erotic)`,
        `(?:describe|explain|write|tell me|show me)${gap(4)} (?:having sex|sex acts?|making love|sex positions?|intercourse|(?:they|people|you|couples) (?:do|have) (?:in bed|sex))`,
        `adult (?:videos?|movies?|films?|sites?|websites?|content|chat)`,
      ),
    ),
  },
  {
    category: 'sexual',
    severity: 'critical',
    label: 'involving a child',
    pattern: rx(
      any(
        `(?:sex|sexy|naked|nude|erotic|porn|nsfw)${gap(3)} (?:about|with|of|between|involving|featuring) (?:a |an |the |two |some |young |little |[0-9]{1,2} )?(?:${MINOR}|[0-9]{1,2} year olds?)`,
        `(?:have|having|had) sex with (?:a |an )?(?:${WORD} )?(?:1[0-5]|[0-9]|ten|eleven|twelve|thirteen|fourteen|fifteen) ?(?:year olds?|yo)`,
        `(?:is it|its) (?:ok|okay|fine|legal|wrong|bad) for (?:a grown ?up|an adult|a man|a woman|an older (?:man|guy|woman)|a (?:[2-9][0-9]) year old) to (?:have sex|date|sleep|kiss|touch)${gap(2)} (?:with )?(?:a |an )?(?:${WORD} )?(?:${MINOR})`,
      ),
    ),
    unless:
      /\b(?:sex ?ed(?:ucation)?|puberty|health class|age of consent|report(?:ing)?|protect(?:ing)?|keep (?:kids|children) safe|body safety)\b/,
  },

  // ---- strangers, secrets and sharing details ----
  {
    category: 'grooming',
    severity: 'high',
    label: 'contact with a stranger',
    pattern: rx(
      any(
        `(?:meet|meeting|meet up with|see|visit|hang out with|go on a date with)${gap(2)} ${STRANGER}${gap(4)} (?:in person|irl|in real life|at (?:the |a |his |her |their |my )?(?:park|mall|house|home|place|school|store|library|station|hotel|beach|playground|pool|cinema|movies)|after school|tonight|this weekend|alone|secretly|without)`,
        `(?:sneak out|run away|go over|get in (?:a |the |his |her |their )?car|go to (?:his|her|their) (?:house|home|place))${gap(3)} (?:to |with )?(?:meet |see )?${STRANGER}`,
        `${STRANGER}${gap(6)} (?:wants?|wanted|asked|asks|asking|keeps asking|told|tells|said|says|invited|offered|promised|dared|begged|is begging)${gap(4)} (?:meet|meeting|see me|visit|come over|pick me up|hang out|send(?:ing)?${gap(2)} (?:pics?|pictures?|photos?|selfies?|videos?|vids?|snaps?|nudes?)|pics?|pictures?|photos?|selfies?|videos?|my address|where i live|my number|phone number|my school|turn on|camera|cam|webcam|video (?:call|chat)|facetime|secret|not (?:to )?tell|delete|take off|naked|nudes?|robux|v ?bucks|gift cards?|come to (?:his|her|their) (?:house|home|place|car)|get in (?:his|her|their) car|run away|my body|underwear|bathing suit|swimsuit)`,
        `(?:send|sending|give|share|tell|show)${gap(3)} (?:${PICTURE}|my address|where i live|my (?:phone )?number|my school|my location|my last name|my password)${gap(3)} (?:to )?${STRANGER}`,
        `(?:hide|hiding|keep|keeping) ${STRANGER}${gap(2)} (?:from|secret)`,
        `(?:send|sending|show|take)${gap(2)} (?:${PICTURE})${gap(2)} (?:in|without) (?:my|your|ur) (?:underwear|bra|bathing suit|swimsuit|pajamas|pjs|clothes|shirt|towel)`,
        `(?:says|said|claims|claimed|told me) (?:hes|shes|he is|she is|theyre|they are|he was|she was) (?:[0-9]{1,2}|a kid|a teen|my age)${gap(6)} (?:looks?|sounds?|seems?|acts?|is) (?:older|like an adult|like a grown ?up|grown)`,
      ),
    ),
    unless: SAFETY_QUESTION,
  },
  {
    category: 'grooming',
    severity: 'medium',
    label: 'contact with a stranger',
    pattern: rx(
      any(
        `(?:meet|meeting|meet up with|see|visit|hang out with|video (?:call|chat) with|facetime|call|date|dating)${gap(2)} ${STRANGER}`,
        `(?:asked|asks|asking|wants|wanted|told|tells|keeps asking|begged)${gap(2)} (?:me )?(?:for|to send|to show|to take)${gap(2)} (?:${PICTURE}) (?:of (?:me|myself|my body|my face)|in my|without)`,
        '(?:online|internet|secret) (?:boyfriend|girlfriend|bf|gf)',
        'secret friend',
        `(?:keep|keeping|hide|hiding)${gap(4)} (?:a )?secret from (?:my|your|our) (?:parents|mom|mum|dad|family|teachers?)`,
        'without (?:my |our )?(?:parents|mom|mum|dad|family|teachers?|grown ?ups) (?:knowing|finding out|noticing|seeing|hearing)',
      ),
    ),
    // A surprise for mum is a nice secret; asking what to do is staying safe.
    unless: SAFE_OR_SURPRISE,
  },
  {
    category: 'grooming',
    severity: 'medium',
    label: 'secrecy',
    pattern: after(
      `${gap(3)} (?:lie|lying) to (?:my |our )?(?:parents|mom|mum|dad|family|teachers?|grandparents)`,
    ),
  },
  {
    category: 'illegal',
    severity: 'medium',
    label: 'doing it unseen',
    pattern: rx(
      '(?:without|so) (?:anyone|anybody|them|him|her|people|the owner|the neighbou?rs?|the store) (?:knowing|finding out|noticing|realizing|realising|catching (?:me|on)|seeing me|ever knowing)(?: about it)?',
    ),
    unless: SAFE_OR_SURPRISE,
  },
  {
    category: 'personal_info',
    severity: 'medium',
    label: 'sharing personal information',
    pattern: rx(
      any(
        `(?:give|tell|send|share|post|show|text|dm) (?:someone |somebody |them |him |her |people |strangers |my (?:online )?friend |a (?:guy|girl|stranger|friend) )?(?:my|our) ${PRIVATE}`,
        `(?:tell|show|give|send|share)${gap(3)} where (?:i|we) live`,
        `(?:wants?|asked (?:me )?for|asking (?:me )?for|asks (?:me )?for|needs?|keeps asking (?:me )?for) (?:my|our) ${PRIVATE}`,
      ),
    ),
    unless: SAFE_OR_SURPRISE,
  },

  // ---- hurting other people ----
  {
    category: 'violence',
    severity: 'high',
    label: 'instructions to hurt someone',
    instructions: true,
    pattern: after(
      `${gap(3)} ${any(
        `make ${PERSON} (?:choke|bleed|pass out|black out|faint|sick|ill|throw up|vomit|fall (?:down|over|off)|trip|get hurt|die|suffer|break (?:a|his|her|their)|have an allergic reaction|stop breathing)`,
        `(?:trip|push|shove) ${PERSON}(?: ${WORD})? (?:down|off|over|into|in front of|out of|so (?:they|he|she) (?:fall|falls|get hurt|gets hurt))`,
        `(?:kill|hurt|torture|poison|drown|strangle|choke|stab|abuse|kick|burn|starve|suffocate|mutilate|shoot) (?:a |an |the |my |our |some |stray |neighbou?rs |his |her )?(?:cats?|dogs?|puppy|puppies|kittens?|animals?|pets?|hamsters?|rabbits?|bunn(?:y|ies)|horses?|squirrels?|guinea pigs?)(?! (?:toy|toys|bed|food|bowl|photo|picture|hair|fur|nails|poop|house|leash|collar|cage|in (?:minecraft|roblox)))`,
        `(?:start|set|light) (?:a )?fires? (?:in|at|on|inside) (?:the |my |a |our |his |her |their )?(?:school|house|home|building|classroom|bathroom|gym|store|shop|car|barn|apartment|church|hospital)`,
        `set (?:a |the |my |his |her |their |our )?${WORD} on fire`,
        SPIKE,
      )}`,
    ),
    unless:
      /\b(?:fire ?place|camp ?fire|fire ?pit|bonfire|grill|bbq|barbecue|candle|the world|minecraft|roblox|fortnite)\b/,
  },
  {
    category: 'violence',
    severity: 'high',
    label: 'instructions to hurt someone',
    instructions: true,
    pattern: rx(
      any(
        'make it (?:look|seem) like (?:an |a )?(?:accident|suicide|self defen[cs]e)',
        `(?:i (?:want to|wanna|will|am going to|m going to|could|should)|(?:should|can|could) i) ${SPIKE}`,
        `(?:hurt|injure|harm|beat|hit|punch|kick|attack) ${PERSON}${gap(2)} without (?:leaving )?(?:any )?(?:marks|bruises|evidence|a trace|getting caught)`,
        `(?:plan|planning|plot|plotting) (?:a |another |the |someones |somebodys |his |her |their |my ${RELATIVE}s )?(?:death|murder|assassination|killing)(?! (?:mystery|party|game|story))`,
      ),
    ),
  },

  // ---- abuse of children ----
  {
    category: 'grooming',
    severity: 'critical',
    label: 'grooming',
    pattern: rx(
      any(
        `groom(?:ing)? (?:a |the |my |young |little |some |an? [0-9]{1,2} year old )?(?:${MINOR})`,
        `(?:get|getting|be|being|lure|luring|bring|lead) (?:alone with )?(?:a |the |some |young |little |someones |their )?(?:kid|child|girl|boy|minor|toddler|teen|preteen)s? (?:alone|to (?:my|your) (?:house|home|car|room|van|place|basement))`,
        `(?:be|being|get|getting) alone with (?:a |the |some |someones |their |young |little )?(?:kid|child|children|girl|boy|minor|toddler|teen|preteen|student)s?`,
        `(?:lure|luring|entice|enticing|kidnap|kidnapping|abduct|abducting) (?:a |the |some |young |little )?(?:kids?|child|children|girls?|boys?|minors?|toddlers?|teens?)`,
        `(?:get|take|meet|talk to|message|contact|see)${gap(2)} (?:a |the |some |someones |young |little )?(?:kid|child|children|girl|boy|minor|teen|preteen)s?${gap(3)} without (?:their|his|her|the) (?:parents?|mom|dad|family) (?:knowing|finding out|noticing|seeing)`,
        `(?:convince|persuade|get|trick|pressure|make|force)${gap(1)} (?:a |the |some |young )?(?:kid|child|minor|girl|boy|teen|preteen|student)s? (?:to )?(?:send (?:me )?(?:pics|pictures|photos|nudes|selfies)|undress|get naked|take (?:off )?(?:their|his|her) clothes|keep (?:a |it |our |this )?secret|touch (?:me|my|them)|sit on my lap|meet (?:me|up))`,
        `(?:gain|earn|win|build|get)${gap(1)} (?:a |the )?(?:kids?|childs?|childrens|minors?|girls?|boys?|teens?|preteens?) trust${gap(4)} (?:so|to|and) (?:they|he|she|i)${gap(2)} (?:send|meet|keep|touch|come|sneak|not tell|dont tell|wont tell|get (?:them|him|her) alone)`,
      ),
    ),
  },
  {
    category: 'violence',
    severity: 'high',
    label: 'hurting a child',
    instructions: true,
    pattern: rx(
      any(
        `(?:hit|hitting|beat|beating|hurt|hurting|slap|slapping|spank|spanking|punish|punishing|whip|whipping|burn|burning|starve|starving|shake|shaking|choke|choking|kick|kicking|punch|punching)${gap(1)} (?:my |a |the |your |our )?(?:kids?|child|children|son|daughter|toddler|baby|stepson|stepdaughter|stepkids?|students?|niece|nephew)${gap(4)} without (?:leaving |anyone |people |them |it |the school )?(?:any )?(?:marks|bruises|evidence|noticing|knowing|finding out|seeing|a trace)`,
        `(?:hide|cover up|hiding|covering up)${gap(3)} that (?:i|we) (?:hit|beat|hurt|slapped|abuse|abused|kicked|burned|punched|choked)`,
        `(?:(?:should|can|may) (?:i|we|parents)|is it (?:ok|okay|fine|alright) (?:for (?:parents|me|us) )?to) (?:hit|beat|slap|punch|kick|whip|choke|burn|starve) (?:my|our|a|their) (?:kids?|child|children|son|daughter|toddler|baby)`,
      ),
    ),
  },

  // ---- scams, fraud and theft ----
  {
    category: 'illegal',
    severity: 'high',
    label: 'instructions for a crime',
    instructions: true,
    pattern: after(
      `${gap(3)} ${any(
        `(?:make|start|run|set up|create) (?:a |an )?fake (?:charity|charities|fundraiser|gofundme|website|store|shop|giveaway|lottery|prize|investment|job offers?|reviews|accounts?|profiles?|ids?|identity|doctors note|passport)`,
        `(?:commit|pull off)${gap(2)} (?:fraud|theft|identity theft|scam|heist|robbery|burglary|arson|crime)`,
        `(?:take|grab|get) (?:someones|somebodys|a persons|peoples|his|her|their|strangers) (?:wallet|purse|phone|money|bike|car|bag|credit card)`,
        `break${gap(2)} out of (?:jail|prison|juvie|custody|detention)`,
        `(?:use|get|make|create|buy|order)${gap(1)} (?:a |an )?(?:fake|false|forged|stolen) (?:identity|identification|id|ids|passport|licen[cs]e|documents?|diploma|doctors note|social security|credit cards?)`,
        `(?:bully|cyberbully|harass|troll|catfish|stalk|dox|doxx|swat|prank call|humiliate|blackmail|threaten|intimidate) ${PERSON}`,
        `(?:buy|get|order|find|sell)${gap(2)} (?:drugs|guns?|weapons?|stolen ${WORD}|fake ids?|credit card numbers|prescription drugs) (?:on|off|from|through|using) (?:the )?(?:dark ?web|deep ?web|black market|telegram|snapchat|instagram|tor)`,
        `(?:create|cause|spread|start|incite) (?:mass |widespread |a |public )?(?:panic|chaos|hysteria|riots?)`,
      )}`,
    ),
  },
  {
    category: 'illegal',
    severity: 'high',
    label: 'instructions for a crime',
    instructions: true,
    pattern: rx(
      any(
        `(?:trick|fool|con|manipulate|pressure|scam|blackmail)${gap(1)} (?:someone|somebody|people|old people|the elderly|grandparents|kids|children|${PERSON}) (?:into|to) (?:giving|telling|sending|sharing|paying|handing|revealing|transferring|wiring|buying|give|tell|send|share|pay|hand|reveal|transfer|wire|buy)${gap(3)} (?:their |his |her |your |them |me |us )?(?:password|passwords|money|savings|bank|card|credit card|account|login|pin|social security|address|gift cards?|nudes|pictures|photos|robux|details|information|info)`,
        `(?:steal|find out|hack|guess|crack|phish)${gap(1)} (?:someones|somebodys|peoples|my (?:friends|moms|dads|parents|teachers|brothers|sisters)|his|her|their|a persons) (?:password|passwords|login|account|pin|passcode|credit card|card details|card number|bank details|bank account|identity|social security number|wallet|purse|money)`,
        'fake (?:charity|fundraiser|gofundme|giveaway|lottery|prize|investment) (?:to|and) (?:get|make|collect|steal|take|scam)',
        `(?:scam|scamming|con|conning|swindle|swindling|rip off|ripping off|defraud|defrauding) (?:old people|the elderly|elderly people|grandparents|seniors|kids|children|people|someone|somebody|my (?:grandma|grandpa|grandparents|friends?|parents))${gap(3)} (?:out of|into|of their|money|savings)`,
        `(?:lie|lying) (?:for|to protect|to cover for) (?:a |my |his |her )?${WORD}${gap(2)} (?:in court|to (?:the )?(?:police|cops|judge)|under oath)`,
      ),
    ),
  },

  // ---- other people's private details ----
  {
    category: 'personal_info',
    severity: 'medium',
    label: "someone else's private information",
    pattern: rx(
      `(?:whats?|what is|what are|find|finding|get|getting|give me|tell me|look up|access|see|read|hack|know|where can i find|how (?:can|do|could) i (?:find|get|see|access|read|know))${gap(2)} ${SOMEONES} ${THEIR_PRIVATE}`,
    ),
  },
];
