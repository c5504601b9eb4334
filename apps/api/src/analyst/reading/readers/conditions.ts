/** Conditions on a postcode beyond presence: symmetric speeds, negation, a sole technology, speed thresholds. */
import { FULL_FIBRE, SEGMENTS, SUPERFAST_DOWN_MBPS, ULTRAFAST_DOWN_MBPS, USO_DOWN_MBPS } from '@qa/warehouse';
import type { Subject } from '../../semantic/plan.js';
import { type Draft, has } from './draft.js';

/**
 * Reads the conditions: "symmetric gigabit" needs gigabit both ways; "no full fibre" makes the subject absent
 * (or, with another subject present, excluded); "ADSL only" is the postcode's only technology; "best speed
 * under 30 Mbps" and "can't get 10 Mbps" bound the best download from above; "2Gbps+" or "at least 500 Mbps"
 * from below (1 Gbps is gigabit).
 */
export function readConditions(draft: Draft): void {
  const { text, subject, excluded } = draft;
  if (has(text, /\b(symmetric(?:al)?|symetric(?:al)?|1000 ?(?:mbps )?(?:down )?and 1000 ?(?:mbps )?up)\b/)) {
    subject.gigabit = true;
    subject.symmetric = true;
  }
  const kept = excluded ? text.replace(excluded[0], ' ') : text;
  if (
    excluded &&
    (subject.tech ||
      subject.operatorGroups?.length ||
      subject.altnet ||
      NAMED_SPEEDS.some(([p]) => p.test(kept)))
  ) {
    subject.exclude = excludedService(excluded[1] as string);
  }
  if (
    has(
      text,
      /\b(no|without|lack(?:ing)?|not (?:yet )?(?:have|got|get)|unserved|missing|don't have|do not have|can't get|cannot get)\b (?:any )?(?:access to )?(?:a )?(gigabit|full[- ]fibre|fttp|fibre)(?! (?:competition|competitors?|rivals?|choice))/,
    )
  )
    if (!subject.exclude) {
      subject.absent = true;
      // "which LAs have the most premises without full fibre": what is lacking is the subject itself.
      if (excluded && !subject.tech && !subject.gigabit) {
        if (/gigabit/.test(excluded[1] as string)) subject.gigabit = true;
        else subject.tech = FULL_FIBRE;
      }
    }
  // "No broadband at all", "without any service": no network is present, whatever its technology.
  if (
    !subject.absent &&
    !subject.exclude &&
    !subject.tech &&
    !subject.gigabit &&
    !subject.operatorGroups?.length &&
    !subject.altnet &&
    has(
      text,
      /\b(?:no|without|lack(?:ing)?|not? (?:have|get)|don'?t have|do not have|can'?t get|cannot get) (?:any )?(?:fixed(?: line)? )?(?:broadband|service|connection|coverage|network)(?: at all| whatsoever)?\b/,
    )
  )
    subject.absent = true;
  // "Only ADSL", "FTTC-only", "ADSL as the only broadband technology available".
  const onlyTech = text.match(
    /\bonly (?:get |have |receive )?(adsl|fttc|fwa)\b|\b(adsl|fttc|fwa)[- ]only\b|\b(adsl|fttc|fwa) (?:is |as )?(?:the|their|its) only (?:[a-z]+ )?(?:technology|tech|option|service|connection)\b/,
  );
  if (onlyTech) {
    subject.onlyTech = (onlyTech[1] ?? onlyTech[2] ?? onlyTech[3]) as Subject['onlyTech'];
    delete subject.tech;
  }
  // A tier the premises lack ("superfast but not ultrafast") is the exclusion's: the thresholds read the rest.
  readSpeedThresholds(subject.exclude?.minDown ? kept : text, subject);
}

/** What the premises lack: gigabit, a named download tier, or full fibre. */
function excludedService(term: string): NonNullable<Subject['exclude']> {
  if (/gigabit|\bgig\b/.test(term)) return { gigabit: true };
  const tier = NAMED_SPEEDS.find(([pattern, mbps]) => mbps !== USO_DOWN_MBPS && pattern.test(term));
  return tier ? { minDown: tier[1] } : { tech: FULL_FIBRE };
}

const SPEED_UNIT = '(gbps|gbit\\/?s?|gig|gb|mbps|mbit\\/?s?|mb\\/?s|mb|meg)';
/** "100Mbps+ upload", "at least 100 Mbps up", "100 meg upload speeds". */
const UPLOAD_AT_LEAST = new RegExp(
  `\\b(?:at least |over |above |more than |>= ?)?(\\d+(?:\\.\\d+)?)\\s*${SPEED_UNIT}\\s*(?:\\+|or (?:more|faster|above))?\\s*(?:of )?(?:upload|uploads|up(?! to)|upstream)\\b`,
);
/** "upload of at least 100Mbps", "upload speeds over 50 Mbps", "upload speeds of 1 Gbit/s or more". */
const UPLOAD_FIRST = new RegExp(
  `\\b(?:upload|upstream)(?: speeds?)? (?:of )?(?:(?:at least|over|above|more than|>=) ?(\\d+(?:\\.\\d+)?)\\s*${SPEED_UNIT}|(\\d+(?:\\.\\d+)?)\\s*${SPEED_UNIT}\\s*(?:\\+|or (?:more|faster|above|higher)|and (?:above|faster)))`,
);

function readSpeedThresholds(question: string, subject: Subject): void {
  let text = question;
  const below = text.match(
    /\b(?:under|below|less than|slower than|lower than|<)\s*(\d+)\s*(?:mbps|mbit|mb\/s|meg)/,
  );
  const cannot = text.match(
    /\b(?:can'?t|cannot|unable to|don'?t|do not) (?:get|reach|access|receive) (?:even )?(\d+)\s*(?:mbps|mbit|mb\/s|meg)/,
  );
  if (below && has(text, /\b(best|max|maximum|fastest|top|available|speed)\b/)) {
    subject.bestDownBelow = Number(below[1]);
  } else if (cannot) {
    subject.bestDownBelow = Number(cannot[1]);
  }
  // "at least 100Mbps upload", "100 meg up", "uploads of 50Mbps+": a threshold on the upload, not the download.
  // The USO's own "1 Mbit/s up" is part of the USO, which its segment carries.
  const upload = /\buso\b|universal service/.test(text)
    ? null
    : (UPLOAD_AT_LEAST.exec(text) ?? UPLOAD_FIRST.exec(text));
  if (upload) {
    // UPLOAD_FIRST holds the speed before or after its comparison: whichever matched.
    const [amount, unit] = upload[1] !== undefined ? [upload[1], upload[2]] : [upload[3], upload[4]];
    subject.minUp = Number(amount) * (/^g/.test(unit as string) ? 1000 : 1);
    text = text.replace(upload[0], ' ');
  }
  const atLeastSpeed = text.match(
    /\b(?:at least |over |above |more than )?(\d+(?:\.\d+)?)\s*(gbps|gbit\/?s?|gig|mbps|mbit\/?s?)\s*(\+|or (?:more|faster|above)|and (?:above|faster))?(\s*(?:down|download|downstream)\b)?/,
  );
  // "2 gig down on offer", "300 Mbps download": a download speed on offer is at least that speed.
  if (
    atLeastSpeed &&
    !subject.bestDownBelow &&
    !subject.belowUso &&
    (atLeastSpeed[3] || atLeastSpeed[4] || /\b(at least|over|above|more than)\s+\d/.test(atLeastSpeed[0]))
  ) {
    const mbps = Number(atLeastSpeed[1]) * (/^g/.test(atLeastSpeed[2] as string) ? 1000 : 1);
    if (mbps === 1000) subject.gigabit = true;
    else subject.minDown = mbps;
  }
  readNamedSpeeds(text, subject);
}

/** The semantic model's one-word names of a segment ("superfast", "sfbb") as a pattern. */
function wordsOf(phrases: readonly string[]): RegExp {
  return new RegExp(`\\b(?:${phrases.filter((p) => /^[a-z]+$/.test(p)).join('|')})\\b`);
}

/** Superfast and ultrafast are download thresholds; the USO is 10 down AND 1 up (the semantic model's segments). */
const NAMED_SPEEDS: [RegExp, number][] = [
  [wordsOf(SEGMENTS.superfast.phrases), SUPERFAST_DOWN_MBPS],
  [wordsOf(SEGMENTS.ultrafast.phrases), ULTRAFAST_DOWN_MBPS],
  [/\b(?:the )?uso\b|\buniversal service (?:obligation)?\b/, USO_DOWN_MBPS],
];

/**
 * "Superfast coverage" is a threshold on the fastest download speed, not a technology. Lacking it ("can't get
 * superfast", "below the USO") is the best speed below the threshold, postcodes with no service included.
 */
function readNamedSpeeds(text: string, subject: Subject): void {
  if (subject.minDown || subject.bestDownBelow || subject.belowUso || subject.gigabit) return;
  for (const [pattern, mbps] of NAMED_SPEEDS) {
    const named = text.match(pattern);
    if (!named) continue;
    const before = text.slice(0, named.index);
    const lacking =
      mbps === USO_DOWN_MBPS
        ? /\b(?:below|under|beneath|short of|less than)\s+$/.test(before) ||
          /\bbelow\b/.test(before.slice(-30))
        : /\b(?:can'?t|cannot|unable to|don'?t|do not|no|without|not|lack(?:ing)?)\s+(?:\w+\s+){0,2}$/.test(
            before,
          );
    if (lacking && mbps === USO_DOWN_MBPS) {
      // Below the USO is the model's segment (no service with 10 down and 1 up), not a download threshold alone.
      subject.belowUso = true;
      delete subject.absent;
    } else if (lacking) {
      subject.bestDownBelow = mbps;
      delete subject.absent;
    } else if (mbps !== USO_DOWN_MBPS) subject.minDown = mbps;
    return;
  }
}
