// Plays sifounak/Tichu's ExpertBot for bench/tichu_vs_sifounak.py: one JSON line in on stdin,
// one JSON line out on stdout.
//
//   node sifounak_driver.mjs --root PATH
//
// PATH is a checkout of sifounak/Tichu's bot files built into PATH/dist (see bench/HISTORY.md,
// "The Tichu expert against sifounak/Tichu's ExpertBot"); nothing of it is in this repository.
//
// In:  {"bot": K, "view": VIEW}  one decision of bot instance K (one per seat per hand); VIEW is
//                                 tichu.engine.view(state, seat) of the seat that decides
//      {"end": K}                 drop instance K (its hand is over)
// Out: {"action": ACTION|null, "fallback": null|REASON}
//
// All translation is here. The bot gets a RoundState built from VIEW alone: its own hand, the
// other seats' hands as arrays of nulls of the right length (it cannot see their cards: code
// reading one would throw, and the throw is reported as a fallback), calls, who played,
// who is out, the trick, the wish. Its own server's BotRunner (bot-runner.ts, called through a
// stand-in actor) decides when and how the bot is asked: Grand Tichu, the exchange, the small
// Tichu before its first play, the play and its Mahjong wish, the Dragon gift, and the bomb
// window's rule. What it sends back maps onto one of VIEW's legal actions by card set; when
// none matches, the answer is a pass (or the first legal action) and REASON says why.

import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const root = process.argv[process.argv.indexOf('--root') + 1];
const load = (name) => import(pathToFileURL(path.resolve(root, 'dist', name)).href);
const { ExpertBot } = await load('expert-bot.mjs');
const { BotRunner, INSTANT_CONFIG } = await load('bot-runner.mjs');
const shared = await load('shared.mjs');

// Seats: ours turn S→E→N→W, theirs north→east→south→west; this rotation keeps the turn order
// and the partnerships (S+N, E+W).
const THEIR_SEAT = { S: 'north', E: 'east', N: 'south', W: 'west' };
const OUR_SEAT = Object.fromEntries(Object.entries(THEIR_SEAT).map(([a, b]) => [b, a]));
const RANK_NAME = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const rankName = (r) => RANK_NAME[r] ?? String(r);
const rankValue = (name) => ({ J: 11, Q: 12, K: 13, A: 14 })[name] ?? Number(name);

// Cards by name both ways, from their own deck (so the ids are their engine's).
const CARD = {};
const NAME = {};
for (const gc of shared.createDeck()) {
  const c = gc.card;
  const name = c.kind === 'standard' ? `${c.suit}-${rankName(c.rank)}` : c.kind;
  CARD[name] = gc;
  NAME[gc.id] = name;
}
const cards = (names) => names.map((n) => CARD[n]);

// A trick entry as their Combination: their detector's reading, with the rank and Phoenix
// value our engine gave it (a single Phoenix is "9.5" over a 9, as their resolver has it).
const KIND = { single: 'single', pair: 'pair', triple: 'triple', consecutive_pairs: 'pairSequence',
  full_house: 'fullHouse', straight: 'straight', four_of_a_kind: 'fourBomb', straight_flush: 'straightFlushBomb' };
function combination(entry) {
  const gcs = cards(entry.cards);
  const info = entry.combination;
  const combo = shared.detectCombination(gcs) ?? {
    type: KIND[info.type] ?? 'single', cards: gcs, rank: 0,
    length: info.type === 'consecutive_pairs' ? gcs.length / 2 : gcs.length,
    isBomb: info.type === 'four_of_a_kind' || info.type === 'straight_flush',
  };
  if (info.type === 'dog') combo.rank = 0;
  else if (info.rank === 'dragon') combo.rank = shared.DRAGON_RANK;
  else if (info.rank !== undefined) combo.rank = info.type === 'single' ? Number(info.rank.replace(/^[JQKA]/, (r) => rankValue(r)))
    : rankValue(info.rank);
  if (info.phoenix !== undefined) combo.phoenixUsedAs = rankValue(info.phoenix);
  return combo;
}

function roundState(view) {
  const me = view.seat;
  const players = {};
  for (const s of Object.keys(THEIR_SEAT)) {
    const played = view.played[s];
    const inTrick = new Set(view.trick.filter((e) => e.seat === s).flatMap((e) => e.cards));
    const out = view.out.indexOf(s);
    players[THEIR_SEAT[s]] = {
      seat: THEIR_SEAT[s],
      hand: s === me ? cards(view.hand) : new Array(view.hand_counts[s]).fill(null),
      // The view does not say who took which trick: each seat's closed-trick cards stand as its
      // own pile. The ExpertBot of this commit reads tricksWon only to fill its CardTracker,
      // whose results none of its decisions read.
      tricksWon: played.some((n) => !inTrick.has(n)) ? [cards(played.filter((n) => !inTrick.has(n)))] : [],
      tipiCall: { tichu: 'tichu', grand: 'grandTichu' }[view.calls[s]] ?? 'none',
      hasPlayed: played.length > 0,
      finishOrder: out >= 0 ? out + 1 : null,
      passedCards: {
        to: Object.fromEntries(Object.entries(view.exchange ?? {}).map(([t, n]) => [THEIR_SEAT[t], CARD[n]])),
        received: view.received !== null,
      },
    };
  }
  const trick = view.trick.length === 0 ? null : {
    plays: view.trick.map((e) => ({ seat: THEIR_SEAT[e.seat], combination: combination(e) })),
    passes: view.passed.map((s) => THEIR_SEAT[s]),
    leadSeat: THEIR_SEAT[view.trick[0].seat],
    currentWinner: THEIR_SEAT[view.trick[view.trick.length - 1].seat],
  };
  const giftCards = view.trick.length ? view.trick : view.last_trick;
  return {
    roundNumber: view.hand_no,
    phase: { grand: 'grandTichuDecision', exchange: 'cardPassing', play: 'playing' }[view.phase] ?? view.phase,
    players,
    currentTrick: trick,
    currentTurn: view.turn ? THEIR_SEAT[view.turn] : null,
    mahjongWish: view.wish ? rankValue(view.wish) : null,
    wishFulfilled: false, // our view drops the wish once fulfilled
    finishOrder: view.out.map((s) => THEIR_SEAT[s]),
    dragonGiftPending: view.gift_by === me
      ? { from: THEIR_SEAT[me], trickCards: cards(giftCards.flatMap((e) => e.cards)) } : null,
    lastDogPlay: null,
  };
}

// One instance per seat per hand: the bot, and their BotRunner holding only it.
class Seat {
  constructor() {
    this.bot = new ExpertBot();
    // Remember the bot's last play decision: the runner's PLAY_CARDS event drops its Phoenix value.
    const choosePlay = this.bot.choosePlay.bind(this.bot);
    this.bot.choosePlay = (context) => (this.decision = choosePlay(context));
    this.events = [];
    this.actor = { getSnapshot: () => this.snapshot, send: (event) => this.events.push(event) };
    this.runner = new BotRunner(this.actor, INSTANT_CONFIG);
  }

  // Sets their state machine to `phase`, lets the runner act and returns what it sent.
  async ask(phase, view, round) {
    this.runner.addBot(THEIR_SEAT[view.seat], this.bot); // the runner's map of bots, one bot
    this.events = [];
    this.decision = null;
    const other = (team) => view.totals[team];
    this.snapshot = {
      value: phase,
      context: {
        currentRound: round,
        scores: { northSouth: other('NS'), eastWest: other('EW') },
        config: { targetScore: view.target },
        grandTichuDecisions: new Set(),
        cardPassDecisions: new Set(),
      },
    };
    this.runner.onStateChange();
    await new Promise((resolve) => setTimeout(resolve, 0)); // after the runner's own 0 ms timers
    return this.events;
  }
}

const seats = new Map();

// What a fallback does: a pass if it may, else our first legal play (or, for a decision the
// game waits for outside the play, no Grand Tichu, its three lowest cards, the first gift).
function firstLegal(view) {
  const legal = view.legal_actions;
  const of = (type) => legal.find((a) => a.type === type);
  const exchange = of('exchange');
  if (exchange) {
    const low = [...view.hand].reverse(); // the view's hand is sorted high to low
    return { seat: view.seat, type: 'exchange', give: Object.fromEntries(exchange.to.map((t, i) => [t, low[i]])) };
  }
  if (of('grand') || of('gift')) return legal.find((a) => a.type === 'grand' && !a.call) ?? of('gift');
  if (view.turn !== view.seat) return null; // a bomb out of turn, a call: it may decline
  return of('pass') ?? of('play') ?? null;
}

function matchPlay(legal, names, phoenixAs) {
  const want = [...names].sort().join(',');
  const same = legal.filter((a) => a.type === 'play' && [...a.cards].sort().join(',') === want);
  return same.find((a) => phoenixAs !== undefined && a.phoenix === rankName(phoenixAs)) ?? same[0];
}

async function decide(seat, view) {
  const legal = view.legal_actions;
  const kinds = new Set(legal.map((a) => a.type));
  const me = view.seat;
  const fallback = (reason) => ({ action: firstLegal(view), fallback: reason });
  const round = roundState(view);
  if (kinds.has('grand')) {
    const [event] = await seat.ask('grandTichuDecision', view, round);
    const call = event?.type === 'GRAND_TICHU_CALL';
    return { action: legal.find((a) => a.type === 'grand' && a.call === call), fallback: event ? null : 'no grand answer' };
  }
  if (kinds.has('exchange')) {
    const [event] = await seat.ask('cardPassing', view, round);
    const give = {};
    for (const [theirs, gc] of Object.entries(event?.cards ?? {})) {
      if (OUR_SEAT[theirs] !== me) give[OUR_SEAT[theirs]] = NAME[gc.id];
    }
    const given = Object.values(give);
    if (given.length === 3 && new Set(given).size === 3 && given.every((n) => view.hand.includes(n))) {
      return { action: { seat: me, type: 'exchange', give }, fallback: null };
    }
    return fallback(`exchange ${JSON.stringify(give)}`);
  }
  if (kinds.has('gift')) {
    const [event] = await seat.ask('awaitingDragonGift', view, round);
    const found = event && legal.find((a) => a.type === 'gift' && a.to === OUR_SEAT[event.recipient]);
    return found ? { action: found, fallback: null } : fallback(`gift ${JSON.stringify(event ?? null)}`);
  }
  if (view.turn === me && (kinds.has('play') || kinds.has('pass'))) {
    const events = await seat.ask('playing', view, round);
    if (events.some((e) => e.type === 'REGULAR_TICHU_CALL') && kinds.has('tichu')) {
      // the call first; the game asks this seat again at once, and the bot (no randomness)
      // chooses the same play then
      return { action: legal.find((a) => a.type === 'tichu'), fallback: null };
    }
    const event = events.find((e) => e.type === 'PLAY_CARDS' || e.type === 'PASS_TURN');
    if (event?.type === 'PASS_TURN') {
      const pass = legal.find((a) => a.type === 'pass');
      return pass ? { action: pass, fallback: null } : fallback('pass where it may not');
    }
    if (!event) return fallback('no play answer');
    const names = event.cards.map((gc) => NAME[gc.id]);
    const found = matchPlay(legal, names, seat.decision?.phoenixAs);
    if (!found) return fallback(`play ${names.join(' ')}`);
    return { action: event.wish ? { ...found, wish: rankName(event.wish) } : found, fallback: null };
  }
  if (view.bomb_window && kinds.has('play')) {
    // their end-of-trick bomb window: BotRunner's own rule (10+ points, not the own team's trick)
    const event = (await seat.ask('awaitingEndOfTrickBomb', view, round)).find((e) => e.type === 'PLAY_CARDS');
    if (!event) return { action: null, fallback: null };
    const names = event.cards.map((gc) => NAME[gc.id]);
    const found = matchPlay(legal, names);
    return found ? { action: found, fallback: null } : { action: null, fallback: `bomb ${names.join(' ')}` };
  }
  // bombs during a trick, and small Tichu calls away from its turn: their runner never makes them
  return { action: null, fallback: null };
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const message = JSON.parse(line);
  let answer;
  if ('end' in message) {
    seats.delete(message.end);
    answer = { ok: true };
  } else {
    if (!seats.has(message.bot)) seats.set(message.bot, new Seat());
    try {
      answer = await decide(seats.get(message.bot), message.view);
    } catch (error) {
      // e.g. their code reading a card of another seat's hand (a null here)
      answer = { action: firstLegal(message.view), fallback: `error ${error?.stack?.split('\n').slice(0, 3).join(' | ')}` };
    }
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
}
