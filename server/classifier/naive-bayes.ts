/**
 * The email classifier's model: multinomial naive Bayes over word counts, two labels (rules §3
 * "Classification values: Election, Recorder"). Its whole state is a table of counts per label:
 * training on one more example adds its counts and gives exactly the model training on everything
 * at once would; models add up (seed corpus, an account's blocks and its feedback are trained apart
 * and summed); persisted counts are updated with `count = count + n`, safe under concurrent writers.
 * Prediction uses Laplace smoothing (add one per word and label) over the known vocabulary; unseen
 * words are ignored. Priors are the training documents' label frequencies, smoothed the same way.
 * Why naive Bayes: docs/decisions/email-classifier.md.
 */
import type { Classification } from '../../src/api/contract/classification';

export const LABELS = ['Election', 'Recorder'] as const satisfies readonly Classification[];
const ELECTION = 0;
const RECORDER = 1;

/** Per label: [Election, Recorder]. */
export type PerLabel = [number, number];

export interface NaiveBayesModel {
  /** Training documents per label. */
  docs: PerLabel;
  /** Word occurrences per label (the sum of `words`' entries). */
  tokens: PerLabel;
  /** Occurrences of each word per label. */
  words: Map<string, PerLabel>;
}

export interface Prediction {
  prediction: Classification;
  /** The posterior probability of `prediction`: 0.5 to 1 with two labels. */
  confidence: number;
}

/** The plain-JSON form of a model (`serialiseModel`/`deserialiseModel`), words sorted. */
export interface SerialisedModel {
  docs: PerLabel;
  tokens: PerLabel;
  words: Array<[word: string, election: number, recorder: number]>;
}

export function emptyModel(): NaiveBayesModel {
  return { docs: [0, 0], tokens: [0, 0], words: new Map() };
}

export function labelIndex(label: Classification): 0 | 1 {
  return label === 'Election' ? ELECTION : RECORDER;
}

/** Adds one document's words to `model` (in place), `weight` times; returns the model. */
export function learn(model: NaiveBayesModel, words: readonly string[], label: Classification, weight = 1): NaiveBayesModel {
  const at = labelIndex(label);
  model.docs[at] += weight;
  model.tokens[at] += words.length * weight;
  for (const word of words) {
    let counts = model.words.get(word);
    if (!counts) {
      counts = [0, 0];
      model.words.set(word, counts);
    }
    counts[at] += weight;
  }
  return model;
}

/**
 * Takes one document's words out of `model` (in place): the exact inverse of `learn`, so a block
 * that changed is forgotten and learnt again without retraining the rest. Words left with no
 * occurrence leave the vocabulary, as if they had never been learnt.
 */
export function forget(model: NaiveBayesModel, words: readonly string[], label: Classification): NaiveBayesModel {
  learn(model, words, label, -1);
  for (const word of words) {
    const counts = model.words.get(word);
    if (counts && counts[0] === 0 && counts[1] === 0) model.words.delete(word);
  }
  return model;
}

/** A model trained on all `examples` at once. */
export function train(examples: Iterable<{ words: readonly string[]; label: Classification }>): NaiveBayesModel {
  const model = emptyModel();
  for (const example of examples) learn(model, example.words, example.label);
  return model;
}

/** The sum of `models`: what training on all their documents would have given. Inputs are not changed. */
export function addModels(...models: NaiveBayesModel[]): NaiveBayesModel {
  const sum = emptyModel();
  for (const model of models) {
    for (const at of [ELECTION, RECORDER] as const) {
      sum.docs[at] += model.docs[at];
      sum.tokens[at] += model.tokens[at];
    }
    for (const [word, counts] of model.words) {
      const into = sum.words.get(word);
      if (into) {
        into[0] += counts[0];
        into[1] += counts[1];
      } else sum.words.set(word, [counts[0], counts[1]]);
    }
  }
  return sum;
}

/** The label with the higher posterior; ties (an empty model, no known word) go to Election. */
export function predict(model: NaiveBayesModel, words: readonly string[]): Prediction {
  const vocabulary = model.words.size;
  const totalDocs = model.docs[0] + model.docs[1];
  let election = Math.log((model.docs[0] + 1) / (totalDocs + 2));
  let recorder = Math.log((model.docs[1] + 1) / (totalDocs + 2));
  const electionDenominator = Math.log(model.tokens[0] + vocabulary);
  const recorderDenominator = Math.log(model.tokens[1] + vocabulary);
  for (const word of words) {
    const counts = model.words.get(word);
    if (!counts) continue;
    election += Math.log(counts[0] + 1) - electionDenominator;
    recorder += Math.log(counts[1] + 1) - recorderDenominator;
  }
  // The posterior of the winner, 1 / (1 + e^-(margin)), computed without overflow.
  const margin = Math.abs(election - recorder);
  const confidence = 1 / (1 + Math.exp(-margin));
  return { prediction: recorder > election ? 'Recorder' : 'Election', confidence };
}

export function serialiseModel(model: NaiveBayesModel): SerialisedModel {
  const words = [...model.words]
    .map(([word, counts]): [string, number, number] => [word, counts[0], counts[1]])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { docs: [model.docs[0], model.docs[1]], tokens: [model.tokens[0], model.tokens[1]], words };
}

export function deserialiseModel(serialised: SerialisedModel): NaiveBayesModel {
  return {
    docs: [serialised.docs[0], serialised.docs[1]],
    tokens: [serialised.tokens[0], serialised.tokens[1]],
    words: new Map(serialised.words.map(([word, election, recorder]) => [word, [election, recorder]])),
  };
}
