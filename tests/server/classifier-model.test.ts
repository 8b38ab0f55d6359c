import { describe, expect, it } from 'vitest';
import { labelForTeam } from '../../server/classifier/labels';
import {
  addModels,
  deserialiseModel,
  emptyModel,
  forget,
  learn,
  predict,
  serialiseModel,
  train,
  type NaiveBayesModel,
} from '../../server/classifier/naive-bayes';
import { SEED_CORPUS, SEED_HELD_OUT, SEED_TRAINING, isHeldOut } from '../../server/classifier/seed-corpus';
import { blocksModel, seedModel } from '../../server/classifier/service';
import { blockWords, classifierWords, cleanEmailText } from '../../server/classifier/words';

const words = (text: string) => classifierWords(cleanEmailText(text));

const EXAMPLES = [
  { words: words('When is the voter registration deadline for the election?'), label: 'Election' as const },
  { words: words('My mail ballot never arrived, please send a replacement ballot.'), label: 'Election' as const },
  { words: words('Where is my polling place on election day?'), label: 'Election' as const },
  { words: words('How much does it cost to record a grant deed?'), label: 'Recorder' as const },
  { words: words('I need a certified copy of my birth certificate.'), label: 'Recorder' as const },
  { words: words('Please release the lien recorded on my property.'), label: 'Recorder' as const },
];

/** Models compared as plain data, word order aside. */
const plain = (model: NaiveBayesModel) => serialiseModel(model);

describe('naive Bayes model', () => {
  it('predicts the label whose words a text shares, with the posterior as confidence', () => {
    const model = train(EXAMPLES);
    const election = predict(model, words('Is there a ballot drop box near my polling place?'));
    expect(election.prediction).toBe('Election');
    expect(election.confidence).toBeGreaterThan(0.8);
    expect(election.confidence).toBeLessThanOrEqual(1);
    const recorder = predict(model, words('Can I get a certified copy of the deed?'));
    expect(recorder.prediction).toBe('Recorder');
    expect(recorder.confidence).toBeGreaterThan(0.8);
  });

  it('counts documents and word occurrences per label', () => {
    const model = train(EXAMPLES);
    expect(model.docs).toEqual([3, 3]);
    expect(model.tokens).toEqual([EXAMPLES.slice(0, 3).flatMap((e) => e.words).length, EXAMPLES.slice(3).flatMap((e) => e.words).length]);
    expect(model.words.get('ballot')).toEqual([2, 0]);
    expect(model.words.get('record')).toEqual([0, 2]);
  });

  it('learning one example at a time gives exactly the batch-trained model, in any order', () => {
    const batch = train(EXAMPLES);
    const incremental = emptyModel();
    for (const example of [...EXAMPLES].reverse()) learn(incremental, example.words, example.label);
    expect(plain(incremental)).toEqual(plain(batch));
    expect(predict(incremental, words('record my ballot'))).toEqual(predict(batch, words('record my ballot')));
  });

  it('forgets a document exactly: learning then forgetting leaves the model as it was', () => {
    const model = train(EXAMPLES.slice(1));
    const before = plain(model);
    learn(model, EXAMPLES[0]!.words, 'Election');
    learn(model, ['onlyhere', 'onlyhere'], 'Recorder');
    forget(model, ['onlyhere', 'onlyhere'], 'Recorder');
    forget(model, EXAMPLES[0]!.words, 'Election');
    expect(plain(model)).toEqual(before);
    expect(model.words.has('onlyhere')).toBe(false);
  });

  it('adds models: the sum of two trained halves is the model of the whole', () => {
    const first = train(EXAMPLES.filter((_, i) => i % 2 === 0));
    const second = train(EXAMPLES.filter((_, i) => i % 2 === 1));
    const firstBefore = plain(first);
    expect(plain(addModels(first, second))).toEqual(plain(train(EXAMPLES)));
    expect(plain(first)).toEqual(firstBefore);
  });

  it('learns with a weight as if the example came that many times', () => {
    const weighted = learn(emptyModel(), EXAMPLES[0]!.words, 'Election', 3);
    const repeated = train([EXAMPLES[0]!, EXAMPLES[0]!, EXAMPLES[0]!]);
    expect(plain(weighted)).toEqual(plain(repeated));
  });

  it('survives a serialisation round trip through JSON', () => {
    const model = train(EXAMPLES);
    const copy = deserialiseModel(JSON.parse(JSON.stringify(serialiseModel(model))));
    expect(plain(copy)).toEqual(plain(model));
    for (const text of ['deed copy', 'ballot', 'nothing known here']) expect(predict(copy, words(text))).toEqual(predict(model, words(text)));
    const sorted = serialiseModel(model).words.map(([word]) => word);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('answers an even 0.5 from an empty model, and only the priors for unknown words or no words', () => {
    expect(predict(emptyModel(), words('ballot deed'))).toEqual({ prediction: 'Election', confidence: 0.5 });
    expect(predict(emptyModel(), [])).toEqual({ prediction: 'Election', confidence: 0.5 });
    const model = train([...EXAMPLES, { words: words('deed'), label: 'Recorder' }]);
    const prior = predict(model, []);
    expect(prior.prediction).toBe('Recorder');
    expect(prior.confidence).toBeCloseTo(5 / 9, 10);
    expect(predict(model, ['zzqx', 'qwrty'])).toEqual(prior);
  });

  it('keeps confidence in [0.5, 1] for very long texts', () => {
    const model = train(EXAMPLES);
    const long = predict(model, Array.from({ length: 20_000 }, () => 'ballot'));
    expect(long).toEqual({ prediction: 'Election', confidence: 1 });
  });
});

describe('classifier words', () => {
  it('folds, drops stop words, one-letter words and digits, and stems', () => {
    expect(classifierWords('The BALLOTS were recorded at 8 p.m. in Élections')).toEqual(['ballot', 'record', 'elect']);
    expect(classifierWords('')).toEqual([]);
    expect(classifierWords('x'.repeat(40))).toEqual([]);
  });

  it('scrubs personal data and email noise before reading words', () => {
    const text = cleanEmailText('From: someone\nCall (555) 867-5309 or write jane.doe@example.com about my deed');
    expect(text).not.toMatch(/5309|example|@|From/);
    expect(classifierWords(text)).toContain('deed');
  });

  it('reads a block as its name and the text of its HTML body', () => {
    expect(blockWords({ name: 'Recording Fees', body: '<p>Record a <b>deed</b>&nbsp;for $14.00</p>' })).toEqual(['record', 'fee', 'record', 'deed']);
  });
});

describe('labels of classification teams', () => {
  it.each([
    ['Elections', 'Election'],
    ['Birch Elections', 'Election'],
    ['election division', 'Election'],
    ['Recorder', 'Recorder'],
    ["Recorder's Office", 'Recorder'],
    ['Official Records', 'Recorder'],
    ['Front Counter', null],
    ['Elections and Recorder', null],
    ['Electioneering complaints', null],
  ])('%s teaches %s', (name, label) => {
    expect(labelForTeam(name)).toBe(label);
  });

  it('trains blocks of named teams only', () => {
    const model = blocksModel([
      { name: 'Ballot drop boxes', body: '<p>Drop boxes</p>', teamName: 'Elections' },
      { name: 'Deed copies', body: '<p>Copies</p>', teamName: 'Recorder' },
      { name: 'Parking', body: '<p>Parking</p>', teamName: 'Front Counter' },
    ]);
    expect(model.docs).toEqual([1, 1]);
    expect(model.words.has('park')).toBe(false);
  });
});

describe('seed corpus', () => {
  it('has at least 300 emails, about half of each label, none repeated', () => {
    expect(SEED_CORPUS.length).toBeGreaterThanOrEqual(300);
    const election = SEED_CORPUS.filter((email) => email.label === 'Election').length;
    expect(Math.abs(election - (SEED_CORPUS.length - election))).toBeLessThan(SEED_CORPUS.length * 0.1);
    expect(new Set(SEED_CORPUS.map((email) => email.text)).size).toBe(SEED_CORPUS.length);
  });

  it('holds out every fifth email, never trained on', () => {
    expect(SEED_HELD_OUT).toHaveLength(SEED_CORPUS.filter((_, i) => isHeldOut(i)).length);
    expect(SEED_HELD_OUT.length + SEED_TRAINING.length).toBe(SEED_CORPUS.length);
    const trained = new Set(SEED_TRAINING.map((email) => email.text));
    expect(SEED_HELD_OUT.some((email) => trained.has(email.text))).toBe(false);
    expect(seedModel().docs[0] + seedModel().docs[1]).toBe(SEED_TRAINING.length);
  });

  it('classifies the held-out emails with at least 95% accuracy', () => {
    const right = SEED_HELD_OUT.filter((email) => predict(seedModel(), words(email.text)).prediction === email.label).length;
    expect(right / SEED_HELD_OUT.length).toBeGreaterThanOrEqual(0.95);
  });
});
