/*
 * nardy._fastgen -- compiled legal-play generator.
 *
 * The same search as nardy.movegen.reference (Search + _max_dice / _max_dice_segment +
 * dedupe), on flat byte arrays: RULES.md G-6..G-10, S-2..S-7 (hitting, bar entry,
 * no_hit_and_hide, hit_in_own_home), L-HEAD-1/L-HEAD-2 (all three head_exception
 * settings, head_limit 0 = no limit, first_turn_exception off) and L-BLOCK
 * (block_check end-of-turn / every-move, block_release passed / entered-home), plus
 * the per-move rules of the long-nardy variants of RULES.md §5: exact_bearoff
 * (V-CRAZY), home_moves "never" / "until-all-home" (V-CRAZY, V-CGUL), the fevga
 * runner and the fevga six-block rule (V-FEVGA, V-GIUL).  The turn shapes of §5
 * (sequences of doubles, re-rolls, passed moves) are nardy.game's business: here a
 * turn segment is two different dice or k equal dice, k = 1..4.  It visits the
 * sequences in the same order as the Python search, so it returns the same
 * candidates in the same order.
 *
 * Entry points:
 *   configure(Candidate, flags_of) -- the class results are made of (a slots class
 *       with the fields moves, dice, mine, opp) and the function giving a variant's
 *       rule flags, or None for a variant this module cannot play; called once.
 *   candidates(variant, position, d1, d2) -> list[Candidate] | None
 *       movegen.legal_candidates: a roll (a double is four moves).
 *   segment(variant, position, dice) -> list[Candidate] | None
 *       movegen.segment_candidates for a tuple or list of two different dice or of
 *       1..4 equal dice.
 *   Both give None when NARDY_PURE_PYTHON asks for the Python path or the input is
 *   outside what this module handles (the caller then runs the Python generator).
 *
 * flags (what flags_of returns; built by nardy/movegen/compiled.py):
 *   bit 0  long family          bit 1  hit_in_own_home     bit 2  no_hit_and_hide
 *   bit 3  block_check every-move                          bit 4  block_release entered-home
 *   bits 5-6 head_exception: 0 blocked, 1 doubles-6-4-3, 2 head-only
 *   bits 8-15 head_limit (0 = no limit)
 *   bit 16 exact_bearoff       bits 17-18 home_moves: 0 always, 1 never, 2 until-all-home
 *   bit 19 fevga_runner        bit 20 block_rule "fevga"  bit 21 first_turn_exception off
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define OFF 0
#define BAR 25
#define NSLOT 26
#define CHECKERS 15
#define NO_HEAD_LIMIT 99

#define F_LONG 1
#define F_HOME_HITS 2
#define F_HIDE 4
#define F_EVERY_MOVE 8
#define F_RELEASE_HOME 16
#define F_EXC_SHIFT 5
#define F_LIMIT_SHIFT 8
#define F_EXACT (1L << 16)
#define F_HOME_SHIFT 17
#define F_RUNNER (1L << 19)
#define F_FEVGA_BLOCK (1L << 20)
#define F_NO_FIRST_EXC (1L << 21)

enum { EXC_BLOCKED = 0, EXC_DOUBLES = 1, EXC_HEAD_ONLY = 2 };
enum { HOME_ALWAYS = 0, HOME_NEVER = 1, HOME_UNTIL_ALL_HOME = 2 };

#define QUARTER_19_24 0x1F80000u /* bits 19..24: my starting quarter (V-FEVGA) */
#define BELOW_HEAD 0xFFFFFEu     /* bits 1..23 */

/* ------------------------------------------------------------------------- */
/* Precomputed tables                                                         */

static uint64_t ZM[NSLOT][CHECKERS + 1]; /* Zobrist keys: my count on a slot */
static uint64_t ZO[NSLOT][CHECKERS + 1]; /* Zobrist keys: opponent's count */
static uint32_t ABOVE_IN_HOME[7];        /* bits s+1..6: a checker above s in home */
static uint8_t MAP_LONG[NSLOT];          /* my point -> his point (long); 0/25 kept */
static uint8_t MAP_SHORT[NSLOT];

static PyObject *INTS[NSLOT];               /* small ints 0..25 */
static PyObject *MOVES[NSLOT][NSLOT][2];    /* (frm, to, hit) tuples */
static PyObject *DICE[5][7][7];             /* dice tuples: [n][first][second] */
static PyObject *EMPTY_TUPLE;

/* The Candidate class and where its four slots live in an instance. */
static PyTypeObject *CAND_TYPE;
static Py_ssize_t OFS_MOVES, OFS_DICE, OFS_MINE, OFS_OPP;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void init_tables(void) {
    uint64_t seed = 0x6E61726479ULL; /* "nardy" */
    for (int p = 0; p < NSLOT; p++)
        for (int n = 0; n <= CHECKERS; n++) {
            ZM[p][n] = splitmix(&seed);
            ZO[p][n] = splitmix(&seed);
        }
    for (int s = 0; s <= 6; s++) {
        uint32_t m = 0;
        for (int q = s + 1; q <= 6; q++) m |= 1u << q;
        ABOVE_IN_HOME[s] = m;
    }
    for (int p = 0; p < NSLOT; p++) {
        MAP_LONG[p] = MAP_SHORT[p] = (uint8_t)p;
    }
    for (int p = 1; p <= 24; p++) {
        MAP_SHORT[p] = (uint8_t)(25 - p);
        MAP_LONG[p] = (uint8_t)(p <= 12 ? p + 12 : p - 12);
    }
}

static int init_objects(void) {
    EMPTY_TUPLE = PyTuple_New(0);
    if (!EMPTY_TUPLE) return -1;
    for (int i = 0; i < NSLOT; i++) {
        INTS[i] = PyLong_FromLong(i);
        if (!INTS[i]) return -1;
    }
    for (int s = 1; s < NSLOT; s++)
        for (int t = 0; t < s; t++)
            for (int h = 0; h < 2; h++) {
                PyObject *m = PyTuple_Pack(3, INTS[s], INTS[t], h ? Py_True : Py_False);
                if (!m) return -1;
                MOVES[s][t][h] = m;
            }
    for (int a = 1; a <= 6; a++) {
        DICE[1][a][0] = PyTuple_Pack(1, INTS[a]);
        if (!DICE[1][a][0]) return -1;
        for (int b = 1; b <= 6; b++) {
            DICE[2][a][b] = PyTuple_Pack(2, INTS[a], INTS[b]);
            if (!DICE[2][a][b]) return -1;
        }
        DICE[3][a][a] = PyTuple_Pack(3, INTS[a], INTS[a], INTS[a]);
        DICE[4][a][a] = PyTuple_Pack(4, INTS[a], INTS[a], INTS[a], INTS[a]);
        if (!DICE[3][a][a] || !DICE[4][a][a]) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------- */
/* Search state                                                               */

typedef struct {
    uint64_t hash;
    uint8_t mine[NSLOT];
    uint8_t opp[NSLOT];
    uint8_t mv[4][3];
    uint8_t used[4];
    uint8_t n;
    uint8_t hits;
} Result;

typedef struct {
    /* rules */
    int is_long, home_hits, hide_rule, every_move, end_block;
    int head_allow;
    uint32_t block_mask; /* 6-windows (his numbering) that are illegal blocks */
    int prune, prune_now;
    /* RULES.md §5 */
    int exact;          /* V-CRAZY: bear off only from the point equal to the die */
    int home_rule;      /* HOME_*: moves from a home point to another */
    int runner;         /* V-FEVGA: the runner moves alone until past point 12 */
    int fevga_block;    /* V-FEVGA six-block rule instead of L-BLOCK */
    uint32_t stack_mask; /* V-FEVGA: my points just ahead of his 15-checker stack */
    /* roll: two different dice, or ndice equal ones (d1 == d2) */
    int d1, d2, big, ndice;
    uint8_t order[4];
    int norder;
    /* board */
    uint8_t mine[NSLOT], opp[NSLOT];
    uint32_t occ; /* bit p set: mine[p] > 0, p in 1..24 */
    int outside;  /* my checkers outside home (points 7..24 and the bar) */
    uint64_t hash;
    /* the sequence being built */
    uint8_t mv[4][3];
    uint8_t used[4];
    int hits;
    /* outcome */
    int best; /* best level recorded: 2 * dice used (+1 for the larger single die) */
    int count_only, target, stop, oom;
    Result *res;
    int nres, rcap;
    uint32_t *slot_gen;
    int32_t *slot_idx;
    uint32_t gen, hmask;
} Ctx;

static Ctx SHARED_CTX;
static int SHARED_BUSY;

static int ctx_alloc(Ctx *c) {
    c->rcap = 64;
    c->res = (Result *)malloc(sizeof(Result) * (size_t)c->rcap);
    c->hmask = 255;
    c->slot_gen = (uint32_t *)calloc(c->hmask + 1, sizeof(uint32_t));
    c->slot_idx = (int32_t *)malloc(sizeof(int32_t) * (c->hmask + 1));
    c->gen = 1;
    if (!c->res || !c->slot_gen || !c->slot_idx) {
        free(c->res);
        free(c->slot_gen);
        free(c->slot_idx);
        c->res = NULL;
        c->slot_gen = NULL;
        c->slot_idx = NULL;
        return -1;
    }
    return 0;
}

static void ctx_free(Ctx *c) {
    free(c->res);
    free(c->slot_gen);
    free(c->slot_idx);
    c->res = NULL;
    c->slot_gen = NULL;
    c->slot_idx = NULL;
}

/* Forget every stored result (O(1): slots of older generations count as empty). */
static void ctx_clear(Ctx *c) {
    c->nres = 0;
    if (++c->gen == 0) {
        memset(c->slot_gen, 0, sizeof(uint32_t) * (c->hmask + 1));
        c->gen = 1;
    }
}

/* L-BLOCK (or V-FEVGA's rule): does my occupancy hold a six-block the rules forbid?
 * ``ext``: a compile-time constant, 1 in the search that knows the §5 rules. */
#define ALWAYS_INLINE inline __attribute__((always_inline))
static ALWAYS_INLINE int block_bad_x(const Ctx *c, const int ext) {
    if (ext && c->fevga_block)
        return (c->occ & QUARTER_19_24) == QUARTER_19_24 ||
               (c->stack_mask && (c->occ & c->stack_mask) == c->stack_mask);
    uint32_t m = c->occ >> 1;                            /* bit p-1: my point p */
    uint32_t h = ((m << 12) | (m >> 12)) & 0xFFFFFFu;    /* bit q-1: his point q */
    uint32_t r = h & (h >> 1) & (h >> 2) & (h >> 3) & (h >> 4) & (h >> 5);
    return (r & c->block_mask) != 0;
}

static int grow_table(Ctx *c) {
    uint32_t cap = (c->hmask + 1) * 2;
    uint32_t *gen = (uint32_t *)calloc(cap, sizeof(uint32_t));
    int32_t *idx = (int32_t *)malloc(sizeof(int32_t) * cap);
    if (!gen || !idx) {
        free(gen);
        free(idx);
        return -1;
    }
    free(c->slot_gen);
    free(c->slot_idx);
    c->slot_gen = gen;
    c->slot_idx = idx;
    c->hmask = cap - 1;
    c->gen = 1;
    for (int k = 0; k < c->nres; k++) {
        uint64_t h = c->res[k].hash;
        uint32_t i = (uint32_t)(h ^ (h >> 32)) & c->hmask;
        while (gen[i] == c->gen) i = (i + 1) & c->hmask;
        gen[i] = c->gen;
        idx[i] = k;
    }
    return 0;
}

/* Store the current position unless an equal one is stored at this level. */
static void insert(Ctx *c, int n) {
    uint64_t h = c->hash;
    uint32_t i = (uint32_t)(h ^ (h >> 32)) & c->hmask;
    while (c->slot_gen[i] == c->gen) {
        const Result *r = &c->res[c->slot_idx[i]];
        if (r->hash == h && memcmp(r->mine, c->mine, NSLOT) == 0 &&
            memcmp(r->opp, c->opp, NSLOT) == 0)
            return;
        i = (i + 1) & c->hmask;
    }
    if (c->nres == c->rcap) {
        int cap = c->rcap * 2;
        Result *res = (Result *)realloc(c->res, sizeof(Result) * (size_t)cap);
        if (!res) {
            c->oom = c->stop = 1;
            return;
        }
        c->res = res;
        c->rcap = cap;
    }
    Result *r = &c->res[c->nres];
    r->hash = h;
    memcpy(r->mine, c->mine, NSLOT);
    memcpy(r->opp, c->opp, NSLOT);
    memcpy(r->mv, c->mv, sizeof r->mv);
    memcpy(r->used, c->used, sizeof r->used);
    r->n = (uint8_t)n;
    r->hits = (uint8_t)(c->hits != 0);
    c->slot_gen[i] = c->gen;
    c->slot_idx[i] = c->nres;
    c->nres++;
    if ((uint32_t)c->nres * 2 > c->hmask + 1 && grow_table(c) < 0) c->oom = c->stop = 1;
}

/* Every node of the search is a candidate (movegen.reference.Search._record), kept only if it
 * reaches the best level so far (G-8: most dice, then the larger single die). */
static ALWAYS_INLINE void record(Ctx *c, int n, const int ext) {
    if (c->end_block && block_bad_x(c, ext)) return;
    int level = n << 1;
    if (n == 1 && c->d1 != c->d2 && c->used[0] == c->big) level |= 1;
    if (level < c->best) return;
    if (c->count_only) {
        c->best = level;
        if (level >= c->target) c->stop = 1;
        return;
    }
    if (level > c->best) {
        c->best = level;
        ctx_clear(c);
    }
    insert(c, n);
}

/* The search is compiled twice from one body: without the §5 rules (the classic
 * variants, as fast as before they existed) and with them. */
static void dfs_classic(Ctx *c, int i, int heads, uint32_t hitters, int max_src);
static void dfs_section5(Ctx *c, int i, int heads, uint32_t hitters, int max_src);

static ALWAYS_INLINE void dfs_body(Ctx *c, int i, int heads, uint32_t hitters, int max_src,
                                   const int ext) {
    record(c, i, ext);
    if (i == c->norder || c->stop) return;
    const int d = c->order[i];
    uint8_t *mine = c->mine;
    uint8_t *opp = c->opp;
    uint32_t srcs;
    if (mine[BAR]) {
        srcs = 1u << BAR;
    } else {
        int top = c->prune_now ? max_src : 24;
        srcs = c->occ & ((2u << top) - 2u);
        if (ext && c->runner && !mine[OFF]) {
            /* movegen.reference.Search._runner_sources, recomputed at every node */
            const int off_head = CHECKERS - mine[24];
            if (off_head == 0) {
                srcs &= 1u << 24;
            } else if (off_head == 1) {
                const uint32_t below = c->occ & BELOW_HEAD;
                const int runner = below ? __builtin_ctz(below) : 0;
                if (runner >= 12) srcs &= 1u << runner;
            }
        }
    }
    while (srcs) {
        const int s = 31 - __builtin_clz(srcs);
        srcs &= ~(1u << s);
        if (s == 24 && c->is_long && heads >= c->head_allow) continue;
        int t = s - d;
        int hit = 0;
        if (t > 0) {
            int n = opp[t];
            if (n) {
                if (c->is_long || n >= 2) continue;
                if (!c->home_hits && t <= 6) continue; /* S-7 */
                hit = 1;
            }
            /* V-CRAZY / V-CGUL: no moves inside the home (V-CGUL: once all are home) */
            if (ext && s <= 6 && c->home_rule &&
                (c->home_rule == HOME_NEVER || !c->outside))
                continue;
        } else {
            if (c->outside) continue; /* G-10; V-CRAZY: only from the point of the die */
            if (t < 0 && ((c->occ & ABOVE_IN_HOME[s]) || (ext && c->exact))) continue;
            t = OFF;
        }
        /* S-6: a checker that hit this turn may not go on to a point holding its own
         * checkers. ``hitters`` marks the points where such a checker stands (never
         * more than one a point). When a free checker shares its point, either may
         * move: both continuations are searched. */
        uint32_t nh = hitters;
        uint32_t nh_alt = 0;
        int alt = 0;
        if (hitters & (1u << s)) {
            const int may_hide = t == OFF || !mine[t];
            const uint32_t moved = (hitters & ~(1u << s)) | (t != OFF ? 1u << t : 0u);
            if (mine[s] > 1) {
                if (may_hide) {
                    alt = 1;
                    nh_alt = moved;
                }
            } else {
                if (!may_hide) continue;
                nh = moved;
            }
        }
        if (hit && c->hide_rule) {
            nh |= 1u << t;
            nh_alt |= 1u << t;
        }

        /* apply */
        const uint64_t old_hash = c->hash;
        const uint32_t old_occ = c->occ;
        const int ms = mine[s], mt = mine[t];
        c->hash ^= ZM[s][ms] ^ ZM[s][ms - 1] ^ ZM[t][mt] ^ ZM[t][mt + 1];
        mine[s] = (uint8_t)(ms - 1);
        mine[t] = (uint8_t)(mt + 1);
        if (ms == 1) c->occ &= ~(1u << s);
        if (t != OFF) c->occ |= 1u << t;
        int ob = 0;
        if (hit) {
            ob = opp[BAR];
            c->hash ^= ZO[t][1] ^ ZO[t][0] ^ ZO[BAR][ob] ^ ZO[BAR][ob + 1];
            opp[t] = 0;
            opp[BAR] = (uint8_t)(ob + 1);
        }
        const int moved_home = s >= 7 && t <= 6;
        c->outside -= moved_home;

        if (!(c->every_move && block_bad_x(c, ext))) {
            c->mv[i][0] = (uint8_t)s;
            c->mv[i][1] = (uint8_t)t;
            c->mv[i][2] = (uint8_t)hit;
            c->used[i] = (uint8_t)d;
            c->hits += hit;
            if (ext) {
                dfs_section5(c, i + 1, heads + (s == 24), nh, s);
                if (alt && !c->stop) dfs_section5(c, i + 1, heads + (s == 24), nh_alt, s);
            } else {
                dfs_classic(c, i + 1, heads + (s == 24), nh, s);
                if (alt && !c->stop) dfs_classic(c, i + 1, heads + (s == 24), nh_alt, s);
            }
            c->hits -= hit;
        }

        /* undo */
        c->outside += moved_home;
        if (hit) {
            opp[t] = 1;
            opp[BAR] = (uint8_t)ob;
        }
        mine[t] = (uint8_t)mt;
        mine[s] = (uint8_t)ms;
        c->occ = old_occ;
        c->hash = old_hash;
        if (c->stop) return;
    }
}

static void dfs_classic(Ctx *c, int i, int heads, uint32_t hitters, int max_src) {
    dfs_body(c, i, heads, hitters, max_src, 0);
}

static void dfs_section5(Ctx *c, int i, int heads, uint32_t hitters, int max_src) {
    dfs_body(c, i, heads, hitters, max_src, 1);
}

static void dfs(Ctx *c) {
    if (c->exact || c->home_rule || c->runner || c->fevga_block)
        dfs_section5(c, 0, 0, 0, 25);
    else
        dfs_classic(c, 0, 0, 0, 25);
}

/* Load a board into the context and run the roll's dice orders. */
static void search(Ctx *c, const uint8_t *mine, const uint8_t *opp) {
    memcpy(c->mine, mine, NSLOT);
    memcpy(c->opp, opp, NSLOT);
    uint32_t occ = 0;
    uint64_t h = 0;
    int outside = 0;
    for (int p = 0; p < NSLOT; p++) {
        if (p >= 1 && p <= 24 && mine[p]) occ |= 1u << p;
        if (p >= 7) outside += mine[p];
        h ^= ZM[p][mine[p]] ^ ZO[p][opp[p]];
    }
    c->occ = occ;
    c->outside = outside;
    c->hash = h;
    c->hits = 0;
    c->best = -1;
    c->stop = 0;
    ctx_clear(c);
    if (c->d1 == c->d2) {
        c->norder = c->ndice;
        memset(c->order, c->d1, 4);
        c->prune_now = c->prune;
        dfs(c);
    } else {
        c->norder = 2;
        c->prune_now = 0;
        c->order[0] = (uint8_t)c->d1;
        c->order[1] = (uint8_t)c->d2;
        dfs(c);
        if (c->stop) return;
        c->order[0] = (uint8_t)c->d2;
        c->order[1] = (uint8_t)c->d1;
        dfs(c);
    }
}

/* L-HEAD-2 "blocked"/"head-only": can a single head checker play the whole roll? */
static int falls_short(Ctx *c, const uint8_t *mine, const uint8_t *opp, int whole) {
    c->count_only = 1;
    c->target = 2 * whole;
    search(c, mine, opp);
    c->count_only = 0;
    return c->best < 2 * whole;
}

/* movegen.reference._stopped_by_head ("head-only"): walking a double from the head, is the first
 * opposing checker met the opponent's head (his point 24 = my point 12, G-3)? */
static int stopped_by_head(const Ctx *c, const uint8_t *opp) {
    if (c->d1 != c->d2) return 0;
    for (int k = 1; k <= c->ndice; k++) {
        int p = 24 - k * c->d1;
        if (p < 1) return 0;
        if (opp[p]) return p == 12;
    }
    return 0;
}

/* movegen.reference.head_allowance_dice: how many checkers may leave the head this segment
 * (equal dice count as a double even when fewer than four, as in the Python). */
static int head_allowance(Ctx *c, long flags, const uint8_t *mine, const uint8_t *opp,
                          int first) {
    int limit = (int)((flags >> F_LIMIT_SHIFT) & 0xFF);
    if (!c->is_long || limit == 0) return NO_HEAD_LIMIT;
    if (!first || (flags & F_NO_FIRST_EXC)) return limit;
    int rule = (int)((flags >> F_EXC_SHIFT) & 3);
    int dbl = c->d1 == c->d2;
    if (rule == EXC_DOUBLES)
        return (dbl && (c->d1 == 3 || c->d1 == 4 || c->d1 == 6)) ? limit + 1 : limit;
    if (rule == EXC_HEAD_ONLY && !stopped_by_head(c, opp)) return limit;
    int whole = dbl ? c->ndice : 2;
    c->head_allow = limit;
    return falls_short(c, mine, opp, whole) ? limit + 1 : limit;
}

/* ------------------------------------------------------------------------- */
/* Python glue                                                                */

static PyObject *small_int(int v) {
    PyObject *o = INTS[v];
    Py_INCREF(o);
    return o;
}

/* A 26-tuple of small ints; untracked by the GC (ints cannot form a cycle). */
static PyObject *side_tuple(const uint8_t *a) {
    PyObject *t = PyTuple_New(NSLOT);
    if (!t) return NULL;
    for (int p = 0; p < NSLOT; p++) PyTuple_SET_ITEM(t, p, small_int(a[p]));
    PyObject_GC_UnTrack(t);
    return t;
}

/* Tuples of moves are immutable, so equal ones are shared through a small
 * direct-mapped cache (most plays repeat the same few move combinations). */
#define MOVES_CACHE 4096
static struct {
    uint64_t key;
    PyObject *tuple;
} MOVES_TUPLES[MOVES_CACHE];

static PyObject *moves_tuple(const Result *r) {
    if (r->n == 0) {
        Py_INCREF(EMPTY_TUPLE);
        return EMPTY_TUPLE;
    }
    uint64_t key = r->n;
    for (int j = 0; j < r->n; j++)
        key = (key << 11) | ((uint64_t)r->mv[j][0] << 6) | ((uint64_t)r->mv[j][1] << 1) |
              r->mv[j][2];
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    unsigned slot = (unsigned)(h >> 52) & (MOVES_CACHE - 1);
    if (MOVES_TUPLES[slot].tuple && MOVES_TUPLES[slot].key == key) {
        Py_INCREF(MOVES_TUPLES[slot].tuple);
        return MOVES_TUPLES[slot].tuple;
    }
    PyObject *t = PyTuple_New(r->n);
    if (!t) return NULL;
    for (int j = 0; j < r->n; j++) {
        PyObject *m = MOVES[r->mv[j][0]][r->mv[j][1]][r->mv[j][2]];
        Py_INCREF(m);
        PyTuple_SET_ITEM(t, j, m);
    }
    PyObject_GC_UnTrack(t);
    Py_INCREF(t);
    Py_XSETREF(MOVES_TUPLES[slot].tuple, t);
    MOVES_TUPLES[slot].key = key;
    return t;
}

/* A Candidate made without running its __init__ (which only assigns the slots).
 * Steals the four references. */
static PyObject *make_candidate(PyObject *moves, PyObject *dice, PyObject *mine,
                                PyObject *opp) {
    PyObject *o = (PyObject *)PyObject_GC_New(PyObject, CAND_TYPE);
    if (!o) {
        Py_DECREF(moves);
        Py_DECREF(dice);
        Py_DECREF(mine);
        Py_DECREF(opp);
        return NULL;
    }
    char *base = (char *)o;
    *(PyObject **)(base + OFS_MOVES) = moves;
    *(PyObject **)(base + OFS_DICE) = dice;
    *(PyObject **)(base + OFS_MINE) = mine;
    *(PyObject **)(base + OFS_OPP) = opp;
    PyObject_GC_Track(o);
    return o;
}

/* The opponent's side after a play with hits; plays that hit the same blots share one
 * tuple (``seen`` remembers up to OPP_SHARED of them, borrowed from the list). */
#define OPP_SHARED 16
typedef struct {
    const uint8_t *opp[OPP_SHARED];
    PyObject *tuple[OPP_SHARED];
    int n;
} OppSeen;

static PyObject *hit_opp_tuple(OppSeen *seen, const uint8_t *opp) {
    for (int k = 0; k < seen->n; k++)
        if (memcmp(seen->opp[k], opp, NSLOT) == 0) {
            Py_INCREF(seen->tuple[k]);
            return seen->tuple[k];
        }
    PyObject *t = side_tuple(opp);
    if (t && seen->n < OPP_SHARED) {
        seen->opp[seen->n] = opp;
        seen->tuple[seen->n++] = t;
    }
    return t;
}

static PyObject *build_list(const Ctx *c, PyObject *opp0) {
    if (c->best <= 0) return PyList_New(0); /* nothing can be played */
    PyObject *list = PyList_New(c->nres);
    if (!list) return NULL;
    OppSeen seen;
    seen.n = 0;
    for (int k = 0; k < c->nres; k++) {
        const Result *r = &c->res[k];
        PyObject *moves = moves_tuple(r);
        if (!moves) goto fail;
        PyObject *dice = r->n == 0   ? EMPTY_TUPLE
                         : r->n == 1 ? DICE[1][r->used[0]][0]
                                     : DICE[r->n][r->used[0]][r->used[1]];
        Py_INCREF(dice);
        PyObject *mine = side_tuple(r->mine);
        PyObject *opp = r->hits ? hit_opp_tuple(&seen, r->opp) : (Py_INCREF(opp0), opp0);
        if (!mine || !opp) {
            Py_DECREF(moves);
            Py_DECREF(dice);
            Py_XDECREF(mine);
            Py_XDECREF(opp);
            goto fail;
        }
        PyObject *cand = make_candidate(moves, dice, mine, opp);
        if (!cand) goto fail;
        PyList_SET_ITEM(list, k, cand);
    }
    return list;
fail:
    Py_DECREF(list);
    return NULL;
}

/* Read a 26-slot side; 0 on success, 1 when it is not something we handle. */
static int read_side(PyObject *obj, uint8_t *out) {
    if (!PyTuple_CheckExact(obj) || PyTuple_GET_SIZE(obj) != NSLOT) return 1;
    int total = 0;
    for (int p = 0; p < NSLOT; p++) {
        PyObject *item = PyTuple_GET_ITEM(obj, p);
        if (item == INTS[0]) { /* most slots: the shared small int 0 */
            out[p] = 0;
            continue;
        }
        if (!PyLong_CheckExact(item)) return 1;
        long v = PyLong_AsLong(item);
        if (v < 0 || v > CHECKERS) {
            PyErr_Clear(); /* an overflowing int: not a count we handle */
            return 1;
        }
        out[p] = (uint8_t)v;
        total += (int)v;
    }
    return total == CHECKERS ? 0 : 1;
}

/* A die as an exact int 1..6, else 0. */
static int read_die(PyObject *obj) {
    if (!PyLong_CheckExact(obj)) return 0;
    long v = PyLong_AsLong(obj);
    if (v < 1 || v > 6) {
        PyErr_Clear();
        return 0;
    }
    return (int)v;
}

static int pure_python_forced(void) {
    const char *v = getenv("NARDY_PURE_PYTHON");
    return v && v[0] && strcmp(v, "0") != 0;
}

/* The positions after each legal play as bytes: int16 boards (k, 2, 26), the
 * opponent's side first in his own numbering, then mine (empty: nothing can be
 * played). */
static PyObject *build_boards(const Ctx *c, const uint8_t *opp0, const uint8_t *map) {
    const int k = c->best <= 0 ? 0 : c->nres;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)k * 2 * NSLOT * 2);
    if (!out) return NULL;
    int16_t *b = (int16_t *)PyBytes_AS_STRING(out);
    for (int j = 0; j < k; j++, b += 2 * NSLOT) {
        const Result *r = &c->res[j];
        const uint8_t *opp = r->hits ? r->opp : opp0;
        for (int p = 0; p < NSLOT; p++) {
            b[map[p]] = opp[p];
            b[NSLOT + p] = r->mine[p];
        }
    }
    return out;
}

/* The legal plays of two different dice, or of ``ndice`` equal ones, as a list of
 * Candidate (or, with ``as_boards``, as the bytes of build_boards). */
static PyObject *generate(long flags, const uint8_t *mine, const uint8_t *theirs, int first,
                          int d1, int d2, int ndice, int as_boards) {
    uint8_t opp[NSLOT];
    const int is_long = (flags & F_LONG) != 0;
    const uint8_t *map = is_long ? MAP_LONG : MAP_SHORT;
    for (int p = 0; p < NSLOT; p++) opp[p] = theirs[map[p]];

    Ctx local;
    Ctx *c = &SHARED_CTX;
    int own = 0;
    if (SHARED_BUSY || !SHARED_CTX.res) {
        /* re-entered while building a list (a finaliser called us): a fresh context */
        memset(&local, 0, sizeof local);
        if (ctx_alloc(&local) < 0) return PyErr_NoMemory();
        c = &local;
        own = 1;
    } else {
        SHARED_BUSY = 1;
    }

    c->is_long = is_long;
    c->home_hits = (flags & F_HOME_HITS) != 0;
    c->hide_rule = (flags & F_HIDE) != 0;
    c->every_move = is_long && (flags & F_EVERY_MOVE);
    c->end_block = is_long && !(flags & F_EVERY_MOVE);
    c->exact = (flags & F_EXACT) != 0;
    c->home_rule = (int)((flags >> F_HOME_SHIFT) & 3);
    c->runner = (flags & F_RUNNER) != 0;
    c->fevga_block = (flags & F_FEVGA_BLOCK) != 0;
    /* as movegen.reference.Search.prune: source order may matter for these rules */
    c->prune = !c->every_move && !c->hide_rule && c->home_rule != HOME_UNTIL_ALL_HOME &&
               !c->runner;
    c->stack_mask = 0;
    if (c->fevga_block) {
        /* movegen.fevga_block_bad: the six points just ahead of his 15-checker stack */
        for (int q = 7; q <= 24; q++)
            if (theirs[q] == CHECKERS) {
                for (int r = q - 6; r < q; r++) c->stack_mask |= 1u << map[r];
                break;
            }
    }
    c->d1 = d1;
    c->d2 = d2;
    c->ndice = ndice;
    c->big = d1 > d2 ? d1 : d2;
    c->count_only = 0;
    c->oom = 0;
    /* L-BLOCK: his lowest checker (0 once one is borne off) decides which blocks stand */
    int lowest = 25;
    if (theirs[OFF]) {
        lowest = 0;
    } else {
        for (int q = 1; q <= 25; q++)
            if (theirs[q]) {
                lowest = q;
                break;
            }
    }
    if (flags & F_RELEASE_HOME)
        c->block_mask = lowest > 6 ? 0xFFFFFFu : 0u;
    else
        c->block_mask = (uint32_t)((1ULL << lowest) - 1u);

    c->head_allow = head_allowance(c, flags, mine, opp, first);
    search(c, mine, opp);

    PyObject *result = NULL;
    if (c->oom) {
        PyErr_NoMemory();
    } else if (as_boards) {
        result = build_boards(c, opp, map);
    } else {
        PyObject *opp0 = side_tuple(opp);
        if (opp0) {
            result = build_list(c, opp0);
            Py_DECREF(opp0);
        }
    }
    if (own)
        ctx_free(c);
    else
        SHARED_BUSY = 0;
    return result;
}

static PyObject *not_bound(void) {
    PyErr_SetString(PyExc_RuntimeError, "nardy._fastgen.configure() was not called");
    return NULL;
}

/* variant -> flags, remembered for a few variants (strong references: ids stay unique) */
#define VARIANT_CACHE 16
static PyObject *FLAGS_OF; /* Python callable: variant -> int | None */
static struct {
    PyObject *variant;
    long flags; /* -1: not supported */
} VCACHE[VARIANT_CACHE];
static int VNEXT;
static PyObject *S_MINE, *S_THEIRS, *S_MINE_FIRST;

/* 0 and *flags set, or -1 with an exception. */
static int variant_flags(PyObject *variant, long *flags) {
    for (int k = 0; k < VARIANT_CACHE; k++)
        if (VCACHE[k].variant == variant) {
            *flags = VCACHE[k].flags;
            return 0;
        }
    PyObject *r = PyObject_CallOneArg(FLAGS_OF, variant);
    if (!r) return -1;
    long f = -1;
    if (r != Py_None) {
        f = PyLong_AsLong(r);
        if (f == -1 && PyErr_Occurred()) {
            Py_DECREF(r);
            return -1;
        }
    }
    Py_DECREF(r);
    Py_INCREF(variant);
    Py_XSETREF(VCACHE[VNEXT].variant, variant);
    VCACHE[VNEXT].flags = f;
    VNEXT = (VNEXT + 1) % VARIANT_CACHE;
    *flags = f;
    return 0;
}

/* Read the variant's flags and the position's sides; 1 when the Python path must
 * answer, 0 when read, -1 with an exception. */
static int read_input(PyObject *variant, PyObject *position, long *flags, uint8_t *mine,
                      uint8_t *theirs, int *first) {
    if (variant_flags(variant, flags) < 0) return -1;
    if (*flags < 0) return 1;
    PyObject *o = PyObject_GetAttr(position, S_MINE);
    if (!o) return -1;
    int bad = read_side(o, mine);
    Py_DECREF(o);
    if (bad) return 1;
    o = PyObject_GetAttr(position, S_THEIRS);
    if (!o) return -1;
    bad = read_side(o, theirs);
    Py_DECREF(o);
    if (bad) return 1;
    o = PyObject_GetAttr(position, S_MINE_FIRST);
    if (!o) return -1;
    *first = PyObject_IsTrue(o);
    Py_DECREF(o);
    return *first < 0 ? -1 : 0;
}

/* generate() for args (variant, position, …); None when the Python path must answer. */
static PyObject *generate_for(PyObject *const *args, int d1, int d2, int ndice,
                              int as_boards) {
    long flags;
    uint8_t mine[NSLOT], theirs[NSLOT];
    int first;
    int r = read_input(args[0], args[1], &flags, mine, theirs, &first);
    if (r < 0) return NULL;
    if (r > 0) Py_RETURN_NONE;
    return generate(flags, mine, theirs, first, d1, d2, ndice, as_boards);
}

static PyObject *roll_plays(PyObject *const *args, Py_ssize_t nargs, int as_boards) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, as_boards
                        ? "boards(variant, position, d1, d2) takes 4 arguments"
                        : "candidates(variant, position, d1, d2) takes 4 arguments");
        return NULL;
    }
    if (!CAND_TYPE) return not_bound();
    if (pure_python_forced()) Py_RETURN_NONE;
    int d1 = read_die(args[2]), d2 = read_die(args[3]);
    if (!d1 || !d2) Py_RETURN_NONE; /* the Python path reports bad dice */
    return generate_for(args, d1, d2, 4, as_boards);
}

static PyObject *fastgen_candidates(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    return roll_plays(args, nargs, 0);
}

static PyObject *fastgen_boards(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    return roll_plays(args, nargs, 1);
}

static PyObject *fastgen_segment(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "segment(variant, position, dice) takes 3 arguments");
        return NULL;
    }
    if (!CAND_TYPE) return not_bound();
    if (pure_python_forced()) Py_RETURN_NONE;
    PyObject *dice = args[2];
    PyObject *const *items;
    Py_ssize_t n;
    if (PyTuple_CheckExact(dice)) {
        items = &PyTuple_GET_ITEM(dice, 0);
        n = PyTuple_GET_SIZE(dice);
    } else if (PyList_CheckExact(dice)) {
        items = PySequence_Fast_ITEMS(dice);
        n = PyList_GET_SIZE(dice);
    } else {
        Py_RETURN_NONE;
    }
    if (n < 1 || n > 4) Py_RETURN_NONE;
    int d[4];
    for (Py_ssize_t k = 0; k < n; k++) {
        d[k] = read_die(items[k]);
        if (!d[k]) Py_RETURN_NONE; /* the Python path reports bad dice */
    }
    int d1 = d[0], d2 = d[n - 1];
    if (!(n == 2 && d1 != d2)) {
        for (Py_ssize_t k = 1; k < n; k++)
            if (d[k] != d1) Py_RETURN_NONE; /* a mixed list: the Python path */
    }
    return generate_for(args, d1, d2, (int)n, 0);
}

static Py_ssize_t slot_offset(PyTypeObject *type, const char *name) {
    PyObject *descr = PyDict_GetItemString(type->tp_dict, name);
    if (!descr || !Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a __slots__ field", type->tp_name, name);
        return -1;
    }
    PyMemberDef *def = ((PyMemberDescrObject *)descr)->d_member;
    if (def->type != T_OBJECT_EX || (def->flags & READONLY)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a plain object slot", type->tp_name, name);
        return -1;
    }
    return def->offset;
}

static PyObject *fastgen_configure(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2 || !PyType_Check(args[0]) || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "configure(Candidate, flags_of) takes a class and a callable");
        return NULL;
    }
    PyObject *cls = args[0];
    PyTypeObject *type = (PyTypeObject *)cls;
    PyObject *slots = PyObject_GetAttrString(cls, "__slots__");
    if (!slots) return NULL;
    PyObject *want = Py_BuildValue("(ssss)", "moves", "dice", "mine", "opp");
    PyObject *got = want ? PySequence_Tuple(slots) : NULL;
    Py_DECREF(slots);
    if (!got) {
        Py_XDECREF(want);
        return NULL;
    }
    int same = PyObject_RichCompareBool(got, want, Py_EQ);
    Py_DECREF(got);
    Py_DECREF(want);
    if (same < 0) return NULL;
    if (!same || type->tp_base != &PyBaseObject_Type || type->tp_finalize || type->tp_del ||
        !PyType_IS_GC(type) || type->tp_itemsize != 0 || type->tp_dictoffset != 0 ||
        type->tp_weaklistoffset != 0 ||
        type->tp_basicsize != (Py_ssize_t)(sizeof(PyObject) + 4 * sizeof(PyObject *)) ||
        PyObject_HasAttrString(cls, "__post_init__")) {
        PyErr_Format(PyExc_TypeError,
                     "%s must be a plain slots class with fields (moves, dice, mine, opp)",
                     type->tp_name);
        return NULL;
    }
    Py_ssize_t om = slot_offset(type, "moves"), od = slot_offset(type, "dice");
    Py_ssize_t oi = slot_offset(type, "mine"), oo = slot_offset(type, "opp");
    if (om < 0 || od < 0 || oi < 0 || oo < 0) return NULL;
    Py_INCREF(type);
    Py_XSETREF(CAND_TYPE, type);
    OFS_MOVES = om;
    OFS_DICE = od;
    OFS_MINE = oi;
    OFS_OPP = oo;
    Py_INCREF(args[1]);
    Py_XSETREF(FLAGS_OF, args[1]);
    for (int k = 0; k < VARIANT_CACHE; k++) Py_CLEAR(VCACHE[k].variant);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"candidates", (PyCFunction)(void (*)(void))fastgen_candidates, METH_FASTCALL,
     "candidates(variant, position, d1, d2) -> list of Candidate, or None\n\n"
     "nardy.movegen.legal_candidates; None when the Python path\n"
     "must answer (NARDY_PURE_PYTHON set, a variant flags_of() rejects, dice that are\n"
     "not ints 1..6, a position that is not two 26-tuples of 15 checkers)."},
    {"boards", (PyCFunction)(void (*)(void))fastgen_boards, METH_FASTCALL,
     "boards(variant, position, d1, d2) -> bytes, or None\n\n"
     "The positions after each play of candidates() (same order) as int16 boards\n"
     "(k, 2, 26): the opponent's side in his own numbering, then the mover's;\n"
     "empty bytes when nothing can be played; None as for candidates()."},
    {"segment", (PyCFunction)(void (*)(void))fastgen_segment, METH_FASTCALL,
     "segment(variant, position, dice) -> list of Candidate, or None\n\n"
     "nardy.movegen.segment_candidates for a tuple or list of two different dice or of\n"
     "1 to 4 equal dice; None when the Python path must answer (as candidates(), and\n"
     "for any other list of dice)."},
    {"configure", (PyCFunction)(void (*)(void))fastgen_configure, METH_FASTCALL,
     "configure(Candidate, flags_of): the class results are made of, and the function\n"
     "that gives a variant's rule flags (or None when this module cannot play it)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "nardy._fastgen",
    "Compiled legal-play generator for the nardy rules (see nardy.movegen.compiled).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__fastgen(void) {
    init_tables();
    if (init_objects() < 0) return NULL;
    S_MINE = PyUnicode_InternFromString("mine");
    S_THEIRS = PyUnicode_InternFromString("theirs");
    S_MINE_FIRST = PyUnicode_InternFromString("mine_first");
    if (!S_MINE || !S_THEIRS || !S_MINE_FIRST) return NULL;
    if (!SHARED_CTX.res && ctx_alloc(&SHARED_CTX) < 0) return PyErr_NoMemory();
    return PyModule_Create(&module);
}
