/* Compiled network inputs (nardy.eval.features): short-v1 to short-v4, long-v1
 * and long-v3 for a whole board batch. The numpy functions in features.py define the
 * inputs and stay the reference; tests compare both on random and game boards.
 *
 * boards: int16 (N, 2, 26), side on roll first, each side in its own numbering
 * (index 0 = borne off, 1..24 = points, 25 = bar). out: float32 (N, F).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define V1 199
#define V2 213
#define V3 221
#define V4 243

static float ESCAPES[4096]; /* rolls (of 36) escaping, per 12-bit blocked mask */

static int popcount64(uint64_t x) { return __builtin_popcountll(x); }

static int rearmost(const int16_t *s) {
    for (int p = 25; p >= 1; p--)
        if (s[p] > 0) return p;
    return 0;
}

static int run_length(uint64_t m) {
    int n = 0;
    while (m && n < 7) {
        n++;
        m &= m >> 1;
    }
    return n;
}

/* Rolls (of 36) with which `att` hits a blot of `dfn` (features.py: _shot_share). */
static int shots(const int16_t *att, const int16_t *dfn) {
    uint64_t a = 0, blot = 0, blocked = 0;
    for (int p = 1; p <= 25; p++)
        if (att[p] > 0) a |= (uint64_t)1 << p;
    for (int y = 1; y <= 24; y++) {
        int n = dfn[25 - y];
        if (n == 1) blot |= (uint64_t)1 << y;
        if (n >= 2) blocked |= (uint64_t)1 << y;
    }
    uint64_t free = ~blocked;
    uint64_t step[7];
    int direct[7];
    for (int d = 1; d <= 6; d++) {
        step[d] = a >> d;
        direct[d] = (step[d] & blot) != 0;
    }
    int hits = 0;
    for (int x = 1; x <= 6; x++)
        for (int y = x + 1; y <= 6; y++) {
            uint64_t two = ((step[x] & free) >> y) | ((step[y] & free) >> x);
            if (direct[x] || direct[y] || (two & blot)) hits += 2;
        }
    for (int d = 1; d <= 6; d++) {
        uint64_t reach = step[d];
        int hit = direct[d];
        for (int k = 0; k < 3; k++) {
            reach = (reach & free) >> d;
            if (reach & blot) hit = 1;
        }
        hits += hit;
    }
    return hits;
}

static void escape_table(void) {
    for (int w = 0; w < 4096; w++) {
        int shut[13] = {0}, far = 0;
        for (int k = 1; k <= 12; k++)
            if ((w >> (12 - k)) & 1) {
                shut[k] = 1;
                far = k;
            }
#define OPEN(k) ((k) > 12 || !shut[k])
        int count = 0;
        for (int a = 1; a <= 6; a++)
            for (int b = 1; b <= 6; b++) {
                int ok = 0;
                if (a == b) {
                    for (int i = 1; i <= 4; i++) {
                        if (!OPEN(a * i)) break;
                        if (a * i > far) ok = 1;
                    }
                } else {
                    ok = (OPEN(a) && a > far) || (OPEN(b) && b > far) ||
                         (a + b > far && OPEN(a + b) && (OPEN(a) || OPEN(b)));
                }
                count += ok;
            }
#undef OPEN
        ESCAPES[w] = (float)count;
    }
}

/* The truncated unary code of points 1..24: n≥1, n≥2, n≥3, (n−3)/tall (96 inputs). */
static void unary(const int16_t *side, float *base, float tall) {
    for (int p = 1; p <= 24; p++) {
        int n = side[p];
        float *c = base + 4 * (p - 1);
        c[0] = n >= 1;
        c[1] = n >= 2;
        c[2] = n >= 3;
        c[3] = n > 3 ? (float)(n - 3) / tall : 0.0f;
    }
}

static void v1(const int16_t *b, float *o) {
    for (int s = 0; s < 2; s++) {
        const int16_t *side = b + 26 * s;
        float *base = o + 98 * s;
        unary(side, base, 2.0f);
        base[96] = side[25] * 0.5f;
        base[97] = side[0] / 15.0f;
        int pips = 0;
        for (int p = 1; p <= 25; p++) pips += p * side[p];
        o[196 + s] = (float)pips / 167.0f;
    }
    o[198] = rearmost(b) + rearmost(b + 26) > 25;
}

static uint64_t made_mask(const int16_t *side) {
    uint64_t m = 0;
    for (int p = 1; p <= 24; p++)
        if (side[p] >= 2) m |= (uint64_t)1 << p;
    return m;
}

static void v2_side(const int16_t *me, const int16_t *them, float *o) {
    uint64_t made = made_mask(me);
    int blots = 0, back = 0;
    for (int p = 1; p <= 24; p++) blots += me[p] == 1;
    for (int p = 19; p <= 25; p++) back += me[p];
    uint64_t ahead = (uint64_t)1 << (26 - rearmost(them));
    o[0] = shots(them, me) / 36.0f;
    o[1] = blots / 5.0f;
    o[2] = run_length(made) / 6.0f;
    o[3] = run_length(made & ~(ahead - 1)) / 6.0f;
    o[4] = popcount64((made >> 1) & 63) / 6.0f;
    o[5] = popcount64((made >> 19) & 63) / 3.0f;
    o[6] = back / 5.0f;
}

static void v3_side(const int16_t *me, const int16_t *them, float *o) {
    uint64_t held = 0;
    for (int p = 7; p <= 24; p++)
        if (them[25 - p] >= 2) held |= (uint64_t)1 << p;
    held <<= 12;
    int rear = rearmost(me);
    o[0] = rear ? ESCAPES[(held >> rear) & 0xFFF] / 36.0f : 1.0f;
    float worst = 1.0f;
    for (int p = 19; p <= 25; p++)
        if (me[p] > 0) {
            float e = ESCAPES[(held >> p) & 0xFFF] / 36.0f;
            if (e < worst) worst = e;
        }
    o[1] = worst;
    int closed = 0, free = 0;
    for (int p = 1; p <= 6; p++) closed += them[p] >= 2;
    for (int p = 7; p <= 25; p++) free += me[p] * (p - 6);
    float c = closed / 6.0f;
    o[2] = c * c;
    o[3] = free / 100.0f;
}

/* The 11 hold-up inputs of one side (features.py: _hold_ups; long-v3, short-v4): `me`
 * its checkers and `held` the points the other side holds, both indexed 1..last in its
 * own numbering (last = 24, or 25 with the bar, which nobody holds). */
static void hold_ups(const int16_t *me, const int *held, int last, float *o) {
    int cum[26] = {0};
    for (int p = 1; p <= last; p++) cum[p] = cum[p - 1] + held[p];
    int stuck = 0;
    for (int d = 1; d <= 6; d++) {
        int from = 0;
        for (int p = d + 1; p <= last; p++) from += me[p] > 0 && !held[p - d];
        if (from > 6) from = 6;
        o[d - 1] = from / 6.0f;
        stuck += from == 0;
    }
    o[6] = (float)(stuck * stuck) / 36.0f;
    o[7] = 1.0f - (float)((6 - stuck) * (6 - stuck)) / 36.0f;
    int blockage = 0, rear = 0, low = last + 1, behind = 0;
    for (int p = 1; p <= last; p++) {
        blockage += me[p] * (cum[p - 1] - cum[p > 7 ? p - 7 : 0]);
        if (me[p] > 0) rear = p;
        if (held[p] && low == last + 1) low = p;
    }
    int run = 0, best = 0;
    for (int q = rear - 1; q >= 1 && q >= rear - 12; q--) {
        run = held[q] ? run + 1 : 0;
        if (run > best) best = run;
    }
    for (int p = low + 1; p <= last; p++) behind += me[p];
    o[8] = blockage / 90.0f;
    o[9] = best / 6.0f;
    o[10] = behind / 15.0f;
}

/* long-v3's side: a single checker holds a point; the other side's point facing my
 * point p is p + 12 for p <= 12 and p - 12 above. */
static void long_v3_side(const int16_t *me, const int16_t *them, float *o) {
    int held[26] = {0};
    for (int p = 1; p <= 24; p++) held[p] = them[p <= 12 ? p + 12 : p - 12] > 0;
    hold_ups(me, held, 24, o);
}

/* short-v4's side: two checkers hold a point; the other side's point q is my 25 - q. */
static void short_v4_side(const int16_t *me, const int16_t *them, float *o) {
    int held[26] = {0};
    for (int p = 1; p <= 24; p++) held[p] = them[25 - p] >= 2;
    hold_ups(me, held, 25, o);
}

/* short(boards, out, version): fill out (N, 199|213|221|243) for version 1|2|3|4. */
static PyObject *fastfeat_short(PyObject *self, PyObject *args) {
    Py_buffer bb, ob;
    int version;
    if (!PyArg_ParseTuple(args, "y*w*i", &bb, &ob, &version)) return NULL;
    int width = version == 1   ? V1
                : version == 2 ? V2
                : version == 3 ? V3
                : version == 4 ? V4
                               : 0;
    Py_ssize_t n = bb.len / (Py_ssize_t)(52 * sizeof(int16_t));
    if (!width || bb.len != n * 52 * (Py_ssize_t)sizeof(int16_t) ||
        ob.len != n * width * (Py_ssize_t)sizeof(float)) {
        PyBuffer_Release(&bb);
        PyBuffer_Release(&ob);
        PyErr_SetString(PyExc_ValueError, "boards must be int16 (N, 2, 26) and out float32 "
                                          "(N, 199|213|221|243) for version 1|2|3|4");
        return NULL;
    }
    const int16_t *boards = bb.buf;
    float *out = ob.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        const int16_t *b = boards + 52 * i;
        float *o = out + width * i;
        v1(b, o);
        if (version >= 2) {
            v2_side(b, b + 26, o + V1);
            v2_side(b + 26, b, o + V1 + 7);
        }
        if (version >= 3) {
            v3_side(b, b + 26, o + V2);
            v3_side(b + 26, b, o + V2 + 4);
        }
        if (version >= 4) {
            short_v4_side(b, b + 26, o + V3);
            short_v4_side(b + 26, b, o + V3 + 11);
        }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&bb);
    PyBuffer_Release(&ob);
    Py_RETURN_NONE;
}

/* The opponent's path in a side's own numbering: points 12..1, then 24..13. */
static const int LONG_PATH[24] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                                  24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13};

/* long(boards, first, out[, version]): long-v1 inputs (N, 205), or long-v3's (N, 227)
 * with version 3; first: uint8/bool (N, 2). */
static PyObject *fastfeat_long(PyObject *self, PyObject *args) {
    Py_buffer bb, fb, ob;
    int version = 1;
    if (!PyArg_ParseTuple(args, "y*y*w*|i", &bb, &fb, &ob, &version)) return NULL;
    Py_ssize_t width = version == 3 ? 227 : 205;
    Py_ssize_t n = bb.len / (Py_ssize_t)(52 * sizeof(int16_t));
    if ((version != 1 && version != 3) || bb.len != n * 52 * (Py_ssize_t)sizeof(int16_t) ||
        fb.len != n * 2 || ob.len != n * width * (Py_ssize_t)sizeof(float)) {
        PyBuffer_Release(&bb);
        PyBuffer_Release(&fb);
        PyBuffer_Release(&ob);
        PyErr_SetString(PyExc_ValueError, "boards must be int16 (N, 2, 26), first bool (N, 2), "
                                          "out float32 (N, 205) for version 1 or (N, 227) "
                                          "for version 3");
        return NULL;
    }
    const int16_t *boards = bb.buf;
    const uint8_t *first = fb.buf;
    float *out = ob.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        const int16_t *b = boards + 52 * i;
        float *o = out + width * i;
        int pips[2];
        for (int s = 0; s < 2; s++) {
            const int16_t *side = b + 26 * s;
            float *base = o + 102 * s;
            unary(side, base, 4.0f);
            int pip = 0, home = 0, run = 0, best = 0;
            for (int p = 1; p <= 25; p++) pip += p * side[p];
            for (int p = 0; p <= 6; p++) home += side[p];
            for (int k = 0; k < 24; k++) {
                run = side[LONG_PATH[k]] > 0 ? run + 1 : 0;
                if (run > best) best = run;
            }
            pips[s] = pip;
            base[96] = side[0] / 15.0f;
            base[97] = first[2 * i + s] != 0;
            base[98] = pip / 360.0f;
            base[99] = home / 15.0f;
            base[100] = side[24] / 15.0f;
            base[101] = best / 6.0f;
        }
        o[204] = (pips[1] - pips[0]) / 60.0f;
        if (version == 3) {
            long_v3_side(b, b + 26, o + 205);
            long_v3_side(b + 26, b, o + 216);
        }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&bb);
    PyBuffer_Release(&fb);
    PyBuffer_Release(&ob);
    Py_RETURN_NONE;
}

/* settle(boards, probs, long, bearoff, finished): in place on float64 probs (N, 5), as
 * boards.sanitize then boards.impossible_tiers; writes the bear-off rows
 * (bearoff.bearoff_mask) and the finished rows (boards.finished_mask) as bytes. */
static PyObject *fastfeat_settle(PyObject *self, PyObject *args) {
    Py_buffer bb, pb, rb, db;
    int is_long;
    if (!PyArg_ParseTuple(args, "y*w*pw*w*", &bb, &pb, &is_long, &rb, &db)) return NULL;
    Py_ssize_t n = bb.len / (Py_ssize_t)(52 * sizeof(int16_t));
    if (bb.len != n * 52 * (Py_ssize_t)sizeof(int16_t) ||
        pb.len != n * 5 * (Py_ssize_t)sizeof(double) || rb.len != n || db.len != n) {
        PyBuffer_Release(&bb);
        PyBuffer_Release(&pb);
        PyBuffer_Release(&rb);
        PyBuffer_Release(&db);
        PyErr_SetString(PyExc_ValueError, "boards must be int16 (N, 2, 26), probs float64 "
                                          "(N, 5) and both masks bool (N,)");
        return NULL;
    }
    const int16_t *boards = bb.buf;
    double *probs = pb.buf;
    uint8_t *race = rb.buf, *done = db.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        const int16_t *a = boards + 52 * i, *b = a + 26;
        double *q = probs + 5 * i;
        for (int k = 0; k < 5; k++) q[k] = q[k] < 0.0 ? 0.0 : q[k] > 1.0 ? 1.0 : q[k];
        double w = q[0];
        if (q[1] > w) q[1] = w;
        if (q[2] > q[1]) q[2] = q[1];
        if (q[3] > 1.0 - w) q[3] = 1.0 - w;
        if (q[4] > q[3]) q[4] = q[3];
        if (b[0] != 0) q[1] = 0.0;
        if (a[0] != 0) q[3] = 0.0;
        int a_back = 0, b_back = 0, a_far = 0, b_far = 0;
        for (int p = 19; p <= 24; p++) {
            a_far += a[p];
            b_far += b[p];
        }
        if (is_long) {
            if (b_far == 0) q[2] = 0.0;
            if (a_far == 0) q[4] = 0.0;
        } else {
            a_back = rearmost(a);
            b_back = rearmost(b);
            if (a_back + b_back <= 25) {
                if (b_far + b[25] == 0) q[2] = 0.0;
                if (a_far + a[25] == 0) q[4] = 0.0;
            }
        }
        if (q[2] > q[1]) q[2] = q[1];
        if (q[4] > q[3]) q[4] = q[3];
        int bear = 1;
        for (int s = 0; s < 2; s++) {
            const int16_t *side = a + 26 * s;
            int outside = 0, home = 0;
            for (int p = 7; p <= 25; p++) outside += side[p];
            for (int p = 1; p <= 6; p++) home += side[p];
            if (outside || !home || side[0] >= 15) bear = 0;
        }
        race[i] = (uint8_t)bear;
        done[i] = a[0] == 15 || b[0] == 15;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&bb);
    PyBuffer_Release(&pb);
    PyBuffer_Release(&rb);
    PyBuffer_Release(&db);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"short", fastfeat_short, METH_VARARGS,
     "short(boards, out, version): short-v1/v2/v3/v4 inputs of int16 (N, 2, 26) boards "
     "into a float32 (N, F) array."},
    {"long", fastfeat_long, METH_VARARGS,
     "long(boards, first, out[, version]): long-v1 (version 1, the default) or long-v3 "
     "(version 3) inputs of int16 (N, 2, 26) boards and bool (N, 2) first-turn flags into "
     "a float32 (N, 205) or (N, 227) array."},
    {"settle", fastfeat_settle, METH_VARARGS,
     "settle(boards, probs, long, bearoff, finished): consistent probabilities in place, "
     "impossible tiers zeroed; the bear-off and finished rows into two bool arrays."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastfeat",
                                    "Compiled network inputs (short and long nardy).", -1, methods};

PyMODINIT_FUNC PyInit__fastfeat(void) {
    escape_table();
    return PyModule_Create(&module);
}
