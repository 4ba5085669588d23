/**
 * The keyword traces: final speech-recognition results (what `SpeechRecognition` hands over with isFinal) as they
 * would arrive while the phone listens. Written for this corpus, not taken from recordings or broadcasts.
 *
 * Everyday traces are built from pools of lines, shuffled with the trace's seed and repeated to fill their length,
 * one final result per line, timed at a speaking rate (words ÷ rate, then a pause). A per-hour figure is therefore
 * "how often lines like these match" times "how many lines an hour": it says what fuzzy matching adds at each
 * accuracy, not how often a keyword comes up in anyone's real life. Lines that use a keyword on purpose (asking a
 * friend to "help me with the bags") are a trace of their own, counted per line.
 */
import { createRandom } from './prng';
import type { TraceInfo } from './trace';

export type VoiceResult = { timeS: number; transcript: string };
export type VoiceTraceData = {
  results: VoiceResult[];
  /** Danger traces: which results are the cry for help. */
  dangerIndexes: number[];
};
export type VoiceTrace = TraceInfo & { generate: () => VoiceTraceData };

/** Talk between friends, family, colleagues: no keyword, plenty of everyday words. */
const CONVERSATION = [
  'hey how was your day',
  'not bad actually the meeting finished early so I went for a walk',
  'did you remember to buy milk',
  "I think we're out of bread as well",
  'what time does the film start',
  'it starts at half past seven so we should leave by seven',
  'can you pass me the salt please',
  "I'm going to make pasta tonight do you want some",
  'have you seen my keys anywhere',
  "they're on the table by the door",
  'my mum called she wants us to come over on sunday',
  "that sounds nice we haven't seen her in ages",
  'the bus was late again this morning',
  'I had to stand the whole way it was packed',
  'are you coming to the party on friday',
  'I might be a bit late I have to finish some work first',
  'did you watch the game last night',
  "yeah what a finish I couldn't believe that last goal",
  'the weather is supposed to be nice this weekend',
  "we could go to the beach if it doesn't rain",
  'I need to get my hair cut next week',
  'the kids have a school trip on thursday',
  "don't forget to sign the permission slip",
  'how much was the electricity bill this month',
  'it was higher than last time because of the heating',
  "let's order a pizza I'm too tired to cook",
  'what toppings do you want',
  'just cheese and mushrooms for me',
  "I've been meaning to call the plumber about the sink",
  'the tap in the bathroom is dripping again',
  'my phone battery is almost dead can I borrow your charger',
  "it's in the drawer in the kitchen",
  'what are you reading at the moment',
  "a detective novel my sister gave me it's really good",
  'we should plan the holiday soon before prices go up',
  "I'd like to go somewhere warm maybe spain or portugal",
  "the garden needs watering it's been so dry",
  'can you pick up the dry cleaning on your way home',
  "I'll try but I'm not sure they're open after six",
  'my back is sore from sitting at the desk all day',
  'you should get a better chair',
  'did you hear that anna is moving to berlin',
  'no way when did she decide that',
  'she got a new job there it starts in march',
  "that's a big change good for her though",
  'the cat knocked a glass off the shelf again',
  'was it the blue one',
  "no the old one from your grandmother luckily it didn't break",
  "I'm thinking of learning to play the guitar",
  "there's a teacher down the road who gives lessons",
  'what did the doctor say',
  "she said it's nothing serious just rest for a few days",
  'the traffic on the ring road was terrible',
  'there were roadworks near the roundabout',
  "I'll see you at the station at six",
  'give me a ring when you get there',
  "I can't find the remote",
  'check under the cushions',
  'do you want tea or coffee',
  'tea please with a bit of milk',
  "I'm running a bit late sorry",
  'no problem take your time',
  'the new café on the corner does great cakes',
  'we should try it this weekend',
  'my brother is coming to stay for a few days',
  'he can sleep on the sofa bed',
  'have you finished with the newspaper',
  "yes go ahead I've done the crossword",
  'I think I left the oven on',
  'no I turned it off before we left',
  "it's my turn to drive tomorrow",
  'are you ready to go',
  'just a minute I need to find my shoes',
  'the rent is going up again next year',
  'we might have to look for somewhere cheaper',
  "let's talk about it properly tonight",
  "I'm so hungry I skipped lunch",
  'there are some leftovers in the fridge',
  'what did you think of the new neighbours',
  'they seem friendly they brought us some biscuits',
  'can you help with the shopping on saturday',
  'I helped my dad move house last weekend',
  'thanks that was really helpful',
  'the manager wants the report by monday',
  "I'm angry about how they treated her",
  'there was a stranger asking for directions earlier',
  'the park ranger said the trail is closed',
  "she's a dancer in a theatre company",
  'we hung the coat on the hanger',
  'that was a safe bet',
  'is it safe to leave the car here overnight',
  'the emerging market funds did well this year',
  'the strangest thing happened at work today',
  "he's been a bit unsettled since the move",
  'the help desk never answers the phone',
  "it's a helmet law you have to wear one",
  "call me when you're free",
  "all for it let's do it",
  'the doctor called for the results',
  'he was in a bit of a hurry',
] as const;

/** A chatty podcast about news, technology and a true-crime story (longer results). */
const PODCAST = [
  "welcome back to the show this week we're talking about the future of electric cars",
  'and before we start a big thank you to everyone who left a review last week',
  "so the battery question is really the heart of it isn't it",
  'right the range has gone up so much in the last five years',
  'but charging at home is still a problem if you live in a flat',
  'I read a study that said most journeys are under ten miles',
  'which means for most people the range anxiety is mostly in their heads',
  "let's move on to the story everyone has been emailing us about",
  'so this happened in a small town in the north in the winter of nineteen ninety eight',
  'a young woman left her shift at the diner and never made it home',
  'the police had almost nothing to go on for the first few weeks',
  'her sister kept pushing them to look at the boyfriend',
  'and honestly the way the investigation was handled was a mess',
  "they lost evidence they didn't interview the neighbours",
  'the detective on the case retired a year later',
  "we'll get to what happened next right after this short break",
  'this episode is brought to you by a meal kit company',
  'fresh ingredients delivered to your door every week',
  'okay so where were we',
  'the neighbour across the road said she saw a car with its lights off',
  'she said she heard shouting but thought it was teenagers',
  "and that detail didn't come out until the trial",
  'what strikes me is how many people noticed something and said nothing',
  "that's the part that keeps me up at night to be honest",
  "anyway let's lighten the mood a bit what have you been watching",
  'I finally started that cooking competition everyone recommended',
  'the final was so tense I had to pause it twice',
  "my partner thinks I'm ridiculous for getting so invested",
  "next week we've got a guest who worked as a paramedic for twenty years",
  "she's going to tell us what the job is really like",
  'the night shifts the calls that stay with you all of it',
  'if you want to support the show you can find us online',
  'we read every message even the angry ones',
  'someone wrote in to say we mispronounced the name of the town',
  "so apologies to everyone from there we'll get it right next time",
  'the housing market is another thing people keep asking about',
  'interest rates went up again this month',
  'first time buyers are really struggling',
  "my advice would be don't panic and talk to someone independent",
  "we're not financial advisers obviously",
  "let's talk about sleep because apparently none of us get enough",
  'the recommendation is seven to nine hours for adults',
  'I get about six on a good night',
  'screens before bed are the big culprit',
  "I've started reading a paper book instead and it really helps",
  "that's all we have time for today thanks for listening",
  'see you next week and take care of yourselves',
  'the detective said the case was never closed officially',
  'the family still hold a vigil every year on the anniversary',
  'they set up a charity that helps people in similar situations',
  'the trial lasted six weeks and the jury was out for three days',
  'the defence argued the evidence was circumstantial',
  'in the end he was convicted on all counts',
  'the appeal was rejected two years later',
  'the town changed a lot after that people started locking their doors',
  "a reader asked whether we'd cover the lighthouse mystery",
  "it's on our list it's a strange one",
  'three keepers vanished and the table was set for dinner',
  'there are so many theories about it',
  'a giant wave a quarrel a boat that took them away',
  "we'll do a full episode on it in the spring",
  'the science segment this week is about memory',
  'eyewitness memory is far less reliable than people think',
  'every time you remember something you rebuild it a little',
  'which is why the way police ask questions matters so much',
  'leading questions can plant details that were never there',
  "okay quick listener question what's the best way to start running",
  "start slow walk run intervals and don't buy expensive shoes straight away",
  'and stretch afterwards not before',
  'the manager of the team resigned this week',
  'the ranger service is hiring volunteers for the summer',
  'the anger in the comments was something else',
  'it was a strange time for everyone',
] as const;

/** A television drama and a sitcom playing in the room (results from the actors' lines). */
const TELEVISION = [
  'where were you last night',
  'I told you I was working late',
  "that's not what your boss said",
  "you've been lying to me for months",
  "I don't want to talk about this now",
  'previously on the show',
  'the storm is getting closer we have to move the boats',
  'get the ropes and tie everything down',
  'the captain said we leave at dawn',
  "what do you mean the engine won't start",
  'somebody has been in my office',
  'the files are gone all of them',
  'we need to find out who had a key',
  'Detective Harris please come to the front desk',
  'the victim was last seen leaving the bar at midnight',
  'check the cameras on the high street',
  'I want a warrant for his flat by this afternoon',
  "you're not going to like what we found",
  "the blood type doesn't match",
  "so it wasn't him after all",
  'back to square one then',
  'coming up after the break the results of the vote',
  'welcome back to the live final',
  'the judges have made their decision',
  'and the winner is',
  "I can't believe it thank you so much",
  'oh my goodness look at the time',
  "I'm late for my own wedding",
  'where did I put the rings',
  "they're in your pocket you idiot",
  'this is the worst day of my life',
  "no this is the best day of your life you just don't know it yet",
  'the weather for tomorrow cloudy with sunny spells',
  'highs of eighteen degrees in the south',
  'the headlines this evening',
  'the government has announced new spending on schools',
  'a fire broke out at a warehouse on the edge of the city',
  'fire crews were at the scene within minutes',
  'no one was injured',
  'now the sport',
  'a late goal gave the home side a famous win',
  'the manager praised the players for never giving up',
  'in other news a local bakery has won a national prize',
  'their sourdough was described as the best in the country',
  'and finally a dog has been reunited with its owner after five years',
  "that's all from us good night",
  'the doctor will see you now',
  'the scans show a small shadow on the lung',
  "we'll need to run more tests",
  'how long have I got',
  "it's far too early to talk like that",
  'the ambulance is on its way keep pressing on the wound',
  'stay with me stay with me',
  "he's lost a lot of blood",
  'get him into theatre now',
  "we're losing him",
  'charge to two hundred clear',
  "we've got a pulse",
  'you saved his life',
  "it's my job",
  'the principal wants to see you in her office',
  'what did I do this time',
  'the science project exploded in the lab',
  'technically it was a controlled reaction',
  'the game show returns after these messages',
  'for one thousand pounds which planet is closest to the sun',
  'is it mercury',
  'it is mercury',
  'in the nature documentary the lion stalks its prey',
  'the herd senses danger and scatters across the plain',
  'the emergency services were called to the scene',
  'somebody help me',
  'this building is unsafe get everyone out',
] as const;

/** Words and phrases near a keyword in sound or spelling, or containing one inside a longer word. */
const NEAR_KEYWORDS = [
  'he drove home unsafely after the party',
  'that was a very helpful answer',
  "the helmet doesn't fit me",
  'she helped me with my homework',
  "he's a stranger to me",
  'the anger management course starts in may',
  'the park ranger closed the trail',
  "she's a wonderful dancer",
  'hang it on the hanger',
  'a baby in a manger',
  'the endangered species list grows every year',
  'an emerging market',
  'the emergence of the internet',
  'it was a dangerous road',
  'call for health and safety advice',
  'all for help is welcome',
  'tell me about your weekend',
  'hold me closer tiny dancer',
  'help yourself to some cake',
  'the help desk opens at nine',
  'helpless laughter',
  'is it safe to swim here',
  'I feel safe in this neighbourhood',
  'un dos tres',
  'the manager called for a meeting',
  "it's a merger of two companies",
  'she emerged from the water',
  "that's a game changer",
  'the ginger cat',
  'the stage manager',
] as const;

/** Everyday lines that say a keyword on purpose: a keyword detector cannot tell them from a cry for help. */
const KEYWORD_IN_PASSING = [
  'can you help me with the bags',
  'could you help me move the sofa on saturday',
  'help me find my glasses please',
  "it's not an emergency but can you call me back",
  'the emergency exit is at the back of the plane',
  'my dentist had an emergency appointment free',
  'the danger zone song from top gun',
  'unsafe at any speed is a book about car safety',
  'the bridge was declared unsafe last year',
  "there's no danger of us missing the train",
  'we should call for help with the garden',
  'the children played a game called danger',
  'in case of emergency break glass',
  'help me out here what was his name',
  'the ladder looks unsafe to me',
] as const;

/** A cry for help as recognition might return it: clean, with punctuation, and with typical slips. */
const DANGER_RESULTS = [
  'help me',
  'Help me!',
  'please help me',
  'somebody help me please',
  "help me he's got a knife",
  'help mi',
  'help me please',
  'kelp me',
  'help be',
  'yelp me',
  'help meet',
  'hell me',
  'call for help',
  'someone call for help',
  'call 4 help',
  'cole for help',
  'call for health',
  'called for help',
  'this is an emergency',
  'emergency',
  'emergencies',
  'it is an emergency please',
  "I'm in danger",
  'danger',
  'danger danger',
  'dancer',
  'ranger',
  'I feel unsafe',
  'unsafe',
  'un safe',
  'on safe',
  "I'm unsafe here",
  'help',
  'help help',
  'get away from me',
  'stop it let me go',
] as const;

/** Seconds a line takes to say at `wordsPerSecond`, plus a pause of `pause` seconds. */
function timeline(
  lines: readonly string[],
  seed: string,
  durationS: number,
  wordsPerSecond: number,
  pause: readonly [number, number],
): VoiceResult[] {
  const random = createRandom(seed);
  const results: VoiceResult[] = [];
  let t = 0;
  let pool: string[] = [];
  while (true) {
    if (pool.length === 0) {
      pool = [...lines];
      for (let index = pool.length - 1; index > 0; index--) {
        const other = Math.floor(random.next() * (index + 1));
        [pool[index], pool[other]] = [pool[other]!, pool[index]!];
      }
    }
    const line = pool.pop()!;
    const words = line.split(' ').length;
    // A final result arrives about half a second after the speaker stops.
    t += words / wordsPerSecond + 0.5;
    if (t > durationS) break;
    results.push({ timeS: t, transcript: line });
    t += random.between(pause[0], pause[1]);
  }
  return results;
}

function everyday(
  id: string,
  title: string,
  description: string,
  lines: readonly string[],
  durationS: number,
  wordsPerSecond: number,
  pause: readonly [number, number],
): VoiceTrace {
  return {
    id,
    kind: 'voice',
    label: 'everyday',
    title,
    description,
    durationS,
    generate: () => ({ results: timeline(lines, id, durationS, wordsPerSecond, pause), dangerIndexes: [] }),
  };
}

/** One line after another, 20 s apart: each is its own event (counted "N of M"). */
function perLine(
  id: string,
  label: 'danger' | 'everyday',
  title: string,
  description: string,
  lines: readonly string[],
  eventNoun: string,
): VoiceTrace {
  return {
    id,
    kind: 'voice',
    label,
    title,
    description,
    durationS: lines.length * 20,
    eventNoun,
    generate: () => ({
      results: lines.map((transcript, index) => ({ timeS: 10 + index * 20, transcript })),
      dangerIndexes: label === 'danger' ? lines.map((_, index) => index) : [],
    }),
  };
}

export const VOICE_TRACES: readonly VoiceTrace[] = [
  everyday(
    'talk',
    'conversation',
    `Half an hour of everyday talk: ${CONVERSATION.length} lines with no keyword in them but many everyday words ` +
      'near one ("helped", "angry", "stranger", "ranger", "safe"), shuffled and repeated, at 2.5 words a second ' +
      'with 0.3–2 s between results.',
    CONVERSATION,
    1800,
    2.5,
    [0.3, 2],
  ),
  everyday(
    'podcast',
    'podcast',
    `Half an hour of a chatty podcast (news, technology, a true-crime story): ${PODCAST.length} longer lines with ` +
      'no keyword, at 2.8 words a second with 0.2–0.8 s between results.',
    PODCAST,
    1800,
    2.8,
    [0.2, 0.8],
  ),
  everyday(
    'television',
    'television drama and news',
    `Half an hour of television in the room (drama, a hospital series, news, a game show): ${TELEVISION.length} ` +
      'lines, four of which say a keyword as actors and presenters do ("somebody help me", "the herd senses ' +
      'danger", "the emergency services were called", "this building is unsafe"), at 2.6 words a second with ' +
      '0.5–3 s between results.',
    TELEVISION,
    1800,
    2.6,
    [0.5, 3],
  ),
  perLine(
    'near-keywords',
    'everyday',
    'words near a keyword',
    'Lines whose words are close to a keyword without being one: "unsafely", "helpful", "stranger", "anger", ' +
      '"ranger", "dancer", "manger", "endangered", "emerging", "dangerous", "call for health", "tell me". Counted ' +
      'per line.',
    NEAR_KEYWORDS,
    'lines',
  ),
  perLine(
    'keyword-in-passing',
    'everyday',
    'a keyword said in passing',
    'Everyday lines that contain a keyword on purpose ("can you help me with the bags", "the danger zone song", ' +
      '"unsafe at any speed", "the emergency exit"). Counted per line: any keyword rule matches them.',
    KEYWORD_IN_PASSING,
    'lines',
  ),
  perLine(
    'cries-for-help',
    'danger',
    'cries for help, with slips',
    'A person in danger saying a default keyword, as recognition returns it: clean ("help me", "this is an ' +
      'emergency"), with punctuation ("Help me!"), with typical slips ("help mi", "kelp me", "call 4 help", ' +
      '"emergencies", "dancer", "un safe"), and cries that use no keyword at all ("help help", "get away from ' +
      'me"). Counted per line.',
    DANGER_RESULTS,
    'cries',
  ),
];
