// TypeScript declarations for www/engine.js, the engine as a classic script.
// `<script src="engine.js"></script>` defines the global `Zilo`; wait for
// `Zilo.ready` before using anything else. Every method checks its arguments
// (types, lengths) and throws an `Error` whose message is one line naming the
// problem; so does every method of a game after its `free()`.
//
// Errors carry code and args; the message is English. An `Error` the engine
// throws has `code` (one of `errorCodes()`: `'move.cannotReach'`,
// `'drop.pawnFileTaken'`, `'setup.invalid'`, …) and `args` (`{square: 'e4',
// piece: 'P', count: '2'}`, values as strings), and, for a setup's refusal,
// `problems` (`EngineSaid[]`, each problem coded). A page words an error as its
// catalog's `engine.<code>` with the args filled in, and falls back to `message`
// (English, what the CLI and the server print) for an error without a code.
// Argument conventions: `piece`, `attacker`, `target`, `monarch` hold a piece
// letter of the game (`GameInfo.pieces[].letter`); `side`, `owner` hold `w` or
// `b`; `terrain` is `mountain` or `water`; `counter` is `halfmoves`,
// `fullmoves`, `pliesSinceCapture` or `turnNumber`; the rest are shown as they
// are. A wrong argument to a method (a caller's mistake) has code
// `'argument.invalid'`, and an error the JavaScript wrapper raises itself (a
// freed game, an engine restart) has no code.

declare namespace Zilo {
  /** `'w'`: the first player (uppercase letters, moves up the board); `'b'`: the second. */
  type Side = 'w' | 'b';
  /** Square names as in text formats: `'e3'`, `'a10'`. */
  type Square = string;
  /** A move code: a number from `legalMoveCodes()`, the same for the same move in every position
   * of a variant (a whole number from 2²⁹ to 2³⁰). */
  type MoveCode = number;
  /** A move as text (`'e3e4'`, `'P@e5'`, `'e7e8q'`) or as a code. */
  type Move = string | MoveCode;

  interface PieceInfo {
    /** As in position strings, uppercase; shogi's promoted pieces are `'+P'`, `'+B'`, … */
    letter: string;
    name: string;
    /** The name in the game's own language (Avian for zilo). */
    nativeName: string;
    /** How it moves, in a sentence for players (`'one step diagonally forward, or straight back'`). */
    moves: string;
    /** Material value in centipawns. */
    value: number;
    royal: boolean;
    /** What it does beyond displacing: `'blasts'` (its capture explodes, clearing the neighbours),
     * `'shoots'` (it captures from afar without moving), `'routes'` (its move follows a path worth
     * drawing: bent rides, lame leaps). Empty for most pieces. */
    powers: Array<'blasts' | 'shoots' | 'routes'>;
    /** Cyvasse only: armor (attackers needed to capture it), move (steps), attack range, pieces per side. */
    armor?: number;
    move?: number;
    attackRange?: number;
    count?: number;
  }

  /** `'chesslike'`: a rectangular board with pieces as data; `'cyvasse'`: the 88-field hex board. */
  type Family = 'chesslike' | 'cyvasse';

  /** A field of Cyvasse's board: `row` 1–9, `index` 0-based within the row (`a` is 0). */
  interface CellInfo {
    square: Square;
    row: number;
    index: number;
  }

  interface VariantInfo {
    id: string;
    family: Family;
    /** The full name: `'ЗiлоḺ АḺв Жа (Angry Bird Chess)'`. */
    name: string;
    /** A short name for menus: `'ЗiлоḺ АḺв Жа'`. */
    shortName: string;
    /** The project's file with the game's rules, by its name in `docs/rules/` without `.md`:
     * `'zilo'`; `'pillage'` for every Pillage line-up. */
    rules: string;
    files: number;
    ranks: number;
    startFen: string;
    /** Whether positions have hands: captured pieces to drop (zilo, shogi) or a reserve (Venomous). */
    drops: boolean;
    /** Whether a captured piece joins the capturer's hand (zilo, shogi; not Venomous' reserve). */
    capturesToHand: boolean;
    /** `'choice'`: the move text ends with the new piece (`e7e8q`); `'optional'`: `+` promotes (`c6c7+`). */
    promotion: 'none' | 'choice' | 'optional';
    /** `'algebraic'` (files a…, ranks 1… from the first player's side) or `'shogi'` (files 9…1
     * from the first player's right, ranks a… from the far side): the coordinates `san` uses. */
    notation: 'algebraic' | 'shogi';
    /** The files' labels from the first player's left, and the ranks' from the first player's
     * side, as players read them: a square is its file's label then its rank's (`e4`, shogi `7f`). */
    fileLabels: string[];
    rankLabels: string[];
    /** How many times a position must occur to end the game. */
    repetitionCount: number;
    /** The first and the second player's names: `{name: 'Birds', one: 'Bird', plural: true,
     * monarch: 'Red Cardinal', long: 'Avian Alliance', native: 'Ка¹-Зiло²'}`. */
    sides: [SideInfo, SideInfo];
    pieces: PieceInfo[];
    /** Cyvasse only: its 88 fields, row by row from `a1` (chess-like variants have none). */
    cells?: CellInfo[];
    /** Cyvasse only: fields per row, row 1 first: `[8, 9, 10, 11, 12, 11, 10, 9, 8]`. */
    rowLengths?: number[];
    /** Whether the game starts with a hidden setup (each side places its half unseen; `Setup`).
     * The fields below are given only for such games. */
    hiddenSetup: boolean;
    /** Each side's zone (Cyvasse: 38 fields, rows 1–4 for `w`, 6–9 for `b`). */
    zones?: { w: Square[]; b: Square[] };
    /** Each zone in words: `{w: 'rows 1-4', b: 'rows 6-9'}`. */
    zoneWords?: { w: string; b: string };
    /** Where each side may put its royal piece. */
    kingFields?: { w: Square[]; b: Square[] };
    /** The terrain each side places and how much: `[{terrain: 'mountain', count: 3}, …]`. */
    setupTerrain?: { terrain: Terrain; count: number }[];
    /** The ready-made setups, for `Setup.preset()`. */
    presets?: { id: string; name: string }[];
    /** Each level's approximate Elo, levels 1 to 5, where matches against an engine of rated
     * strength measured it (chess, on Stockfish's `UCI_Elo` scale; the README's *Strength*). */
    levelElo?: [number, number, number, number, number];
  }

  interface SideInfo {
    name: string;
    one: string;
    plural: boolean;
    monarch: string;
    long: string;
    native: string;
  }

  interface SquarePiece {
    square: Square;
    /** As in position strings: `'P'`, `'p'`, `'+P'`. */
    piece: string;
  }

  /** A Cyvasse piece on the board, with what engagement says of it now. */
  interface CyvassePiece extends SquarePiece {
    onWater: boolean;
    /** The kind's armor: how many attackers make it capturable. */
    armor: number;
    /** How many enemy pieces attack it now. */
    attackers: number;
    /** Next to a Tower of its own side (so it cannot be captured). */
    shielded: boolean;
    /** `attackers >= armor && !shielded`. */
    capturable: boolean;
  }

  type Terrain = 'mountain' | 'water';

  /** Something the engine says, coded for a page that words it in its own language. */
  interface EngineSaid {
    /** One of `errorCodes()`. */
    code: string;
    args: Record<string, string>;
    /** The English line. */
    message: string;
  }

  /** An `Error` the engine throws (see the top of this file). */
  interface EngineError extends Error {
    code?: string;
    args?: Record<string, string>;
    /** A setup's refusal (`code: 'setup.invalid'`): each problem. */
    problems?: EngineSaid[];
  }

  interface MoveInfo {
    from: Square | null;
    to: Square;
    /** The dropped piece's letter, for a drop. */
    drop: string | null;
  }

  // ---- GENERATED by tools/build-www.mjs from the engine's packed fields (crate/src/packed.rs); do not edit ----
  interface Result {
    /** `*` while the game goes on. */
    result: '*' | '1-0' | '0-1' | '1/2-1/2';
    /** `ongoing`, `checkmate`, `stalemate`, `repetition`, `monarch-captured`, `resignation`,
     * `fifty-moves`, `insufficient-material`, `perpetual-check`; Cyvasse: `king-captured`,
     * `no-moves`, `repetition`, `fifty-moves`, `resignation`. With `result` and `winner` it words
     * any outcome in any language: a page says `outcome.<reason>` from its catalog (the side names
     * from `GameInfo.sides`), and uses `title` and `text` only as English. */
    reason: string;
    /** The side that won, `null` for a draw or while the game goes on. */
    winner: Side | null;
    /** `'White wins (1-0)'`, `'Draw (1/2-1/2)'`; empty while the game goes on. */
    title: string;
    /** Why, in a sentence with the variant's names (`'Checkmate: the white king is in check and has
     * no way out.'`); empty while the game goes on. */
    text: string;
  }

  /** How a move is described for a board, before or after it is played (`moveDetails()`). */
  interface MoveDetails {
    /** The move text: `e3e4`, `P@e5`, `e7e8q`, `c6c7+`, a flexible castle `f1h1+i1g1`, a snipe `c1xc7`;
     * Cyvasse: `c3d4`, a capture `c3xd5`, two Rabble moves `c3c4+e3e4`. */
    move: string;
    /** How players write it: SAN (`Nf3`, `exd6`, `O-O`, `e8=Q`, `Qh4#`; Pillage `O-O(Kh1)`, `S!c7`),
     * or shogi notation (`P-c4`, `Bxh8+`, `S-d8=`, `P*e5`). */
    san: string;
    /** `snipe`: the piece on `from` removes the one on `to` and stays where it is. Cyvasse:
     * `move`, `capture`, `shot` (the Trebuchet removes the piece on `to`, its target, and steps back
     * to `landing`), `jump` (the King over its Tower) or `double` (two Rabble moves: `from`/`to` are
     * the first's, `second` the other Rabble's). In Cyvasse `san` is the move text. */
    kind: 'step' | 'drop' | 'enPassant' | 'castle' | 'snipe' | 'move' | 'capture' | 'shot' | 'jump' | 'double';
    /** Where the moving piece starts (`null` for a drop); a shooter's square. */
    from: Square | null;
    /** Where it lands; for a shot, the square shot at; for two Rabble moves, where the first lands. */
    to: Square;
    /** The dropped piece's letter, for a drop. */
    drop: string | null;
    /** The piece it becomes, as written on the board (`Q`, `q`, `+P`), or `null`. */
    promotion: string | null;
    /** The rook's move, for a castle (`to` is then the king's square). */
    rook: { from: Square; to: Square } | null;
    /** The squares the move passes, in order (a slide's, a Sissa's bent ride, a thrust up a file);
     * empty for a leap. Cyvasse: a shortest way of a move, the line of a capture (the captured
     * field included when a Horse goes on past it), the Tower a King jumps; none for `shot`, `double`. */
    path: Square[];
    /** Cyvasse, kind `double` only: the second Rabble's move. */
    second?: { from: Square; to: Square };
    /** Cyvasse, kind `shot` only: the field the Trebuchet steps back to. */
    landing?: Square;
    /** Whether the captured piece joins the mover's hand. */
    capturedToHand: boolean;
    /** A promotion the mover could have taken and did not (shogi's `S-d8=`). */
    declinedPromotion: boolean;
  }

  /** What `play()` reports: the move's details and what it did. */
  interface PlayReport extends MoveDetails {
    /** The captured piece (Cyvasse: also the Trebuchet's target). */
    captured: SquarePiece | null;
    /** Pieces a Bomber's blast removed (zilo). */
    blasted: SquarePiece[];
    /** The side now to move is in check. */
    check: boolean;
    /** The piece that moved, as written on the board (`P`, `p`, `+P`): for a drop the dropped
     * piece, for a castle the king, for two Rabble moves the first Rabble. */
    piece: string;
    result: Result;
  }
  // ---- end of the generated declarations ----

  /** A turn's first move played, its second one still to choose (`Game.partialTurn`). */
  interface PartialTurn {
    /** The position string after the first move alone (the turn may end there). */
    fen: string;
    /** The pieces after the first move, as `board()` lists them (engagement as it leaves them). */
    board: Array<SquarePiece | CyvassePiece>;
    /** The legal turns that go on with a second move: the whole turn's text (`a4a5+c4d4`) and
     * the second move's squares. */
    seconds: { move: string; from: Square; to: Square }[];
  }

  interface BestMove {
    /** `null` when the side to move has no move. */
    move: string | null;
    /** Centipawns for the side to move. */
    score: number;
    /** Moves to mate: positive when the side to move mates, negative when it is mated. */
    mate: number | null;
    depth: number;
    nodes: number;
    timeMs: number;
    /** The expected line, starting with `move`. */
    pv: string[];
  }

  /** One line of `Game.analyse`. */
  interface AnalysisLine {
    /** The line's first move (the engine's text). */
    move: string;
    /** Centipawns for the side to move. */
    score: number;
    /** Moves to mate: positive when the side to move mates, negative when it is mated. */
    mate: number | null;
    depth: number;
    /** The line as move texts, starting with `move`. */
    pv: string[];
    /** The same line in the notation players read (`Nf3`, `P*e5`). */
    san: string[];
  }

  /** What `Game.analyse` found: the best lines, best first. */
  interface Analysis {
    lines: AnalysisLine[];
    /** The last depth completed for every line. */
    depth: number;
    nodes: number;
    timeMs: number;
    /** A limit cut it short before the depth asked for. */
    stopped: boolean;
  }

  /** `multiPv` 1 to 3 lines (1 by default); `depth` 0 to 64, `timeMs`, `nodes` whole numbers
   * from 0 to 2⁵³ − 1; without a limit, half a second. */
  interface AnalysisOptions { multiPv?: number; depth?: number; timeMs?: number; nodes?: number }

  /** A level (1 beginner … 5 strongest, default 3), or explicit limits: `depth` 0 to 64 (as the
   * CLI's `--depth`), `timeMs`, `nodes` and `seed` whole numbers from 0 to 2⁵³ − 1; `keepTable`
   * searches with the game's own table, kept from call to call (else a fresh one: the same
   * answer every time). */
  type SearchOptions =
    | { level?: 1 | 2 | 3 | 4 | 5; seed?: number; keepTable?: boolean }
    | { depth?: number; timeMs?: number; nodes?: number; seed?: number; keepTable?: boolean };

  /** One move of a PGN tree. */
  interface PgnMove {
    /** The engine's move text (`e2e4`). */
    text: string;
    /** As players read it (`e4`, `P-7f`). */
    notation: string;
    nags: number[];
    /** Comments before a variation's first move. */
    commentsBefore: string[];
    /** Comments after the move (lichess's `[%clk 0:03:00]` among them). */
    comments: string[];
    /** Other lines in its place, each from the position before it. */
    variations: PgnMove[][];
  }

  /** A game read by `Game.fromPgn`. */
  interface PgnGame {
    /** Every tag, in order, unknown ones too. */
    tags: Record<string, string>;
    /** The main line played out (a decisive result the rules do not give: the loser resigned). */
    game: Game;
    moves: PgnMove[];
    /** Comments of a game without moves. */
    comments: string[];
    /** The result after the moves, `*` when none was written. */
    result: '1-0' | '0-1' | '1/2-1/2' | '*';
  }

  class Game {
    /** A game of `variant` from its start (`fen` left out or `null`), or from a position string
     * (an empty one is refused, as the CLI's `--fen ''`). Cyvasse's start is the
     * `Fortress` preset on both sides, `w` to move; a game from set-up halves starts from
     * `startPosition(...)`. */
    constructor(variant: string, fen?: string | null);
    variant(): string;
    fen(): string;
    startFen(): string;
    /** Who moved first from the start and that move's number (a position string may start
     * with the second player, at move 35). */
    startNumbering(): { turn: Side; number: number };
    turn(): Side;
    /** The occupied squares; in Cyvasse each with its engagement (`CyvassePiece`). */
    board(): Array<SquarePiece | CyvassePiece>;
    /** The fields that are not plain land: `{c4: 'mountain', d3: 'water'}`; `{}` in chess-like games. */
    terrain(): Record<Square, Terrain>;
    /** Uppercase letters to counts, e.g. `{P: 2, Q: 1}`. */
    hand(side: Side): Record<string, number>;
    /** UCI-style move texts: `e3e4`, `P@e5`, `e7e8q`, `c6c7+`, `f1h1+i1g1`, `c1xc7`.
     * Empty once the game is over (as every move list here). */
    legalMoves(): string[];
    /** The moves `push()` accepts now, one code each: the cheap list for walking the game tree.
     * Empty once the game is over. (Cyvasse has codes too, one per turn.) */
    legalMoveCodes(): Uint32Array;
    /** The same moves as one string of texts separated by spaces (`''` when there are none). */
    legalMovesText(): string;
    /** The text of a move code (`'e2e4'`). */
    moveText(code: MoveCode): string;
    /** The code of a move legal here; throws if it is not. */
    moveCode(move: Move): MoveCode;
    /** The legal moves of the piece on `square` (Cyvasse: the turns whose first move starts
     * there); `[]` once the game is over. */
    movesFrom(square: Square): string[];
    /** Where the side to move may drop `piece`; `[]` once the game is over, and always in
     * Cyvasse (nothing is dropped). */
    dropTargets(piece: string): Square[];
    /** Why the side to move may not drop `piece` on `square`, or `null` if it may. */
    dropError(piece: string, square: Square): string | null;
    /** The same refusal coded (`{code: 'drop.pawnFileTaken', args: {piece: 'P'}, message}`), or `null`. */
    dropRefusal(piece: string, square: Square): EngineSaid | null;
    /** Describes a legal move without playing it; throws if it is not legal here. */
    moveDetails(move: Move): MoveDetails;
    /** The turn after its first move `first` (Cyvasse's second Rabble move), for a board that
     * shows the first move before the whole turn is played: the position after `first` alone and
     * the legal turns that go on with a second move (none after a capture, a move of another
     * piece, any chess-like move, or a whole two-move turn). Throws, with the engine's reason, if
     * `first` may not be played now. */
    partialTurn(first: Move): PartialTurn;
    /** The squares a legal move's blast would clear (zilo's Bomber), `[]` when it blasts nothing;
     * worked out without playing it. Throws if the move is not legal here. */
    blastCells(move: Move): Square[];
    /** Plays a move; throws `Error('illegal move …: <reason>')` if it is not legal. */
    play(move: Move): PlayReport;
    /** Plays a move like `play()` but returns nothing: the lean call for walking the game tree
     * (with `legalMoveCodes()` and `pop()`). Throws if the move is not legal. */
    push(move: Move): void;
    /** Takes back the last move, like `undo()`. */
    pop(): boolean;
    undo(): boolean;
    redo(): boolean;
    canUndo(): boolean;
    canRedo(): boolean;
    /** Always `false` in Cyvasse (it has no check). */
    isCheck(): boolean;
    /** The checked monarch's square, or `null`. */
    checkedSquare(): Square | null;
    result(): Result;
    history(): string[];
    lastMove(): MoveInfo | null;
    resign(side: Side): void;
    /** The game as PGN with `tags` (`{White: 'Ann', TimeControl: '180+2'}`); the variant,
     * start position (`FEN`, `SetUp`) and result are the game's. See README "PGN". */
    toPgn(tags?: Record<string, string>): string;
    /** Every game of a PGN text (at most 1 MiB); the first problem throws one Error for the
     * whole text, `code` `pgn.*`, `args` `{line, column, move?}`, message
     * `line 4, column 7: illegal move Nf9: …`. */
    static fromPgn(text: string): PgnGame[];
    /** The best 1 to 3 lines of the position, each scored from the side to move. The game keeps
     * its search table between calls: deepening call by call (depth 1, 2, …) is cheap.
     * Synchronous (up to the limit): call it in a Web Worker. Throws once the game is over. */
    analyse(options?: AnalysisOptions): Analysis;
    /** The computer's move. Synchronous (up to the limit): call it in a Web Worker. */
    bestMove(options?: SearchOptions): BestMove;
    /** Leaf count of the legal move tree `depth` (0 to 20) plies deep: 0 for a depth of 1 or
     * more once the game is over (a finished game has no legal moves). */
    perft(depth: number): number;
    /** Frees the wasm memory of this game (games are also freed when garbage collected). */
    free(): void;
  }

  interface EngineStats {
    /** Games alive in the module: created and not yet freed. */
    games: number;
    /** The module's memory. */
    memoryBytes: number;
    /** How many times the module was restarted after an internal error (a trap). */
    restarts: number;
  }

  /** A Cyvasse setup half as text: the zone's four rows, top row first,
   * in position-string notation (`RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4` for `w`). */
  type SetupText = string;

  /** One side's half of a Cyvasse setup (the hidden setup: each side makes its own). */
  class Setup {
    /** An empty half of `side`, or one read from its text. Only games whose `hiddenSetup` is
     * true have setups (today `'cyvasse'`). */
    constructor(variant: string, side: Side, text?: SetupText);
    /** A random complete half (the computer's, chosen without seeing the other); the same for the same `seed`. */
    static random(variant: string, side: Side, seed?: number): Setup;
    /** A ready-made half: an `id` of `variants()`' `presets` (`fortress`, `phalanx`, `skirmish`). */
    static preset(variant: string, side: Side, id: string): Setup;
    side(): Side;
    /** Puts a piece (its letter, either case) or terrain on a field of the side's zone; throws if the
     * field is outside the zone or taken (a mountain, for a piece), or all of that kind are placed. */
    place(square: Square, what: string | Terrain): void;
    /** Takes the piece (else the terrain) off a field: its letter, `'mountain'`, `'water'`, or `null`. */
    clear(square: Square): string | Terrain | null;
    at(square: Square): { piece?: string; terrain?: Terrain } | null;
    text(): SetupText;
    /** What is still to place: `{R: 2, W: 1, mountain: 1}` (only what is short). */
    missing(): Record<string, number>;
    /** Everything wrong with the half, one line each; `[]` when it is complete and valid. */
    problems(): string[];
    /** The same problems coded (`{code: 'setup.pieceCount', args: {piece: 'R', placed: '3', needed: '6'}, message}`). */
    problemCodes(): EngineSaid[];
    isComplete(): boolean;
    free(): void;
  }

  /** The position string of turn 1 from both halves (`w`'s, then `b`'s), `first` to move; throws
   * with the problems of the side at fault. */
  function startPosition(variant: string, white: Setup, black: Setup, first: Side): string;

  function variants(): VariantInfo[];
  /** The module's state, for leak checks. */
  function engineStats(): EngineStats;
  /** Every code an engine `Error` (or `EngineSaid`) may carry; a page's catalog words each as `engine.<code>`. */
  function errorCodes(): string[];
  /** Resolves once the wasm is instantiated. */
  const ready: Promise<typeof Zilo>;
  /** The source text of the engine's loader, to start it in a Web Worker from a Blob. */
  const engineSource: string;
}
