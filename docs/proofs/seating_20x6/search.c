/* Exhaustive searches behind the 20 x 6 bound of league/seating/bounds.py (see README.md).
 *
 * 20 players, six sessions of five tables of four.  A pair that meets k times costs k - 1
 * "repeat meetings"; the searches look for schedules costing at most BUDGET.
 *
 *   search T BUDGET meetings|pairs   (stdin: S1, S2, S3, 15 lines of four players)
 *     S1, S2, S3 share no pair; finds S4, S5, S6.  "meetings": every meeting of a pair met
 *     before costs 1.  "pairs": no pair may meet three times (then repeated pairs and
 *     repeat meetings are the same number).
 *   search H BUDGET                  (stdin: S1, S2, 10 lines of four players)
 *     Players 0 and 1 (the pair A) sit together in S1 and S2; finds S3 holding A too, whose
 *     overlap with S1 apart from A is at least that of S2, and S4, S5, S6.  Repeat meetings.
 *
 * In both, the last three sessions are interchangeable, so they are searched in
 * non-decreasing order of their overlap with the pairs met in the three sessions before;
 * each of them costs at least that overlap, which bounds what the later ones cost.
 * Prints "found N" (N schedules, each once per order) and the first few. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t u32;
enum { P = 20, TABLES = 5 };

static u32 met[P];   /* pairs met at least once */
static u32 twice[P]; /* pairs met at least twice ("pairs" mode forbids a third) */
static u32 key[P];   /* pairs whose overlap orders the last three sessions */
static u32 g1[P];    /* H: the pairs of S1 apart from A */
static int mode_h, forbid_third, g1_floor, total_budget;
static long long found;
static int tab[4][TABLES][4];
static int first_level; /* T: the free sessions are levels 1..3; H: levels 0..3 */

static int bit(u32 m, int i) { return (int)((m >> i) & 1u); }

static void session(int level, int budget, int kmin);

/* Records the meetings of one session's tables. */
static void seat(int tables[TABLES][4]) {
    for (int k = 0; k < TABLES; k++) {
        u32 m = 0;
        for (int a = 0; a < 4; a++) m |= 1u << tables[k][a];
        for (int a = 0; a < 4; a++) {
            int p = tables[k][a];
            u32 o = m & ~(1u << p);
            twice[p] |= met[p] & o;
            met[p] |= o;
        }
    }
}

static void report(int cost_left) {
    found++;
    if (found > 3) return;
    printf("schedule costing %d\n", total_budget - cost_left);
    for (int l = first_level; l < 4; l++) {
        for (int k = 0; k < TABLES; k++)
            printf("%d %d %d %d%s", tab[l][k][0], tab[l][k][1], tab[l][k][2], tab[l][k][3], k < 4 ? " | " : "\n");
    }
    fflush(stdout);
}

static void build(int level, u32 free_players, int t, int cost, int kcount, int gcount, int budget, int kmin) {
    int after = 3 - level; /* sessions still to come after this one */
    if (!free_players) {
        if (level == 0 && gcount < g1_floor) return;
        if (level > 0 && kcount < kmin) return;
        if (level == 3) {
            report(budget - cost);
            return;
        }
        u32 m[P], w[P], k[P];
        memcpy(m, met, sizeof met);
        memcpy(w, twice, sizeof twice);
        memcpy(k, key, sizeof key);
        seat(tab[level]);
        if (level == 0) memcpy(key, met, sizeof met);
        session(level + 1, budget - cost, level == 0 ? 0 : kcount);
        memcpy(met, m, sizeof met);
        memcpy(twice, w, sizeof twice);
        memcpy(key, k, sizeof key);
        return;
    }
    int p = __builtin_ctz(free_players);
    u32 rest = free_players & ~(1u << p);
    u32 bad = forbid_third ? twice[p] : 0;
    for (u32 a = rest & ~bad; a; a &= a - 1) {
        int q = __builtin_ctz(a);
        if (mode_h && level == 0 && t == 0 && q != 1) continue; /* S3 holds A */
        int cq = bit(met[p], q), kq = bit(key[p], q), gq = bit(g1[p], q);
        if (cost + cq + (kcount + kq) * after > budget) continue;
        u32 bad_q = forbid_third ? twice[q] : 0;
        for (u32 b = a & (a - 1) & ~bad_q; b; b &= b - 1) {
            int r = __builtin_ctz(b);
            int cr = cq + bit(met[p], r) + bit(met[q], r);
            int kr = kq + bit(key[p], r) + bit(key[q], r);
            int gr = gq + bit(g1[p], r) + bit(g1[q], r);
            if (cost + cr + (kcount + kr) * after > budget) continue;
            u32 bad_r = forbid_third ? twice[r] : 0;
            for (u32 c = b & (b - 1) & ~bad_r; c; c &= c - 1) {
                int s = __builtin_ctz(c);
                int cs = cr + bit(met[p], s) + bit(met[q], s) + bit(met[r], s);
                int ks = kr + bit(key[p], s) + bit(key[q], s) + bit(key[r], s);
                int gs = gr + bit(g1[p], s) + bit(g1[q], s) + bit(g1[r], s);
                if (cost + cs + (kcount + ks) * after > budget) continue;
                tab[level][t][0] = p;
                tab[level][t][1] = q;
                tab[level][t][2] = r;
                tab[level][t][3] = s;
                u32 left = rest & ~(1u << q) & ~(1u << r) & ~(1u << s);
                build(level, left, t + 1, cost + cs, kcount + ks, gcount + gs, budget, kmin);
            }
        }
    }
}

static void session(int level, int budget, int kmin) {
    build(level, (1u << P) - 1, 0, 0, 0, 0, budget, kmin);
}

/* Reads `count` sessions; returns what they cost among themselves (repeat meetings). */
static int read_fixed(int count, u32 *overlap_s1_s2_without_a) {
    int cost = 0;
    for (int f = 0; f < count; f++) {
        int v[TABLES][4];
        u32 seen = 0;
        for (int k = 0; k < TABLES; k++)
            for (int a = 0; a < 4; a++) {
                if (scanf("%d", &v[k][a]) != 1 || v[k][a] < 0 || v[k][a] >= P || bit(seen, v[k][a])) {
                    fprintf(stderr, "session %d is not 20 players in five tables of four\n", f + 1);
                    exit(2);
                }
                seen |= 1u << v[k][a];
            }
        for (int k = 0; k < TABLES; k++)
            for (int a = 0; a < 4; a++)
                for (int b = a + 1; b < 4; b++) {
                    int x = v[k][a], y = v[k][b];
                    if (bit(met[x], y)) {
                        cost++;
                        if (overlap_s1_s2_without_a && !((x == 0 && y == 1) || (x == 1 && y == 0))) (*overlap_s1_s2_without_a)++;
                    }
                }
        seat(v);
        if (f == 0 && mode_h) memcpy(g1, met, sizeof met);
    }
    return cost;
}

int main(int argc, char **argv) {
    if (argc < 3 || (argv[1][0] != 'T' && argv[1][0] != 'H') || (argv[1][0] == 'T' && argc < 4)) {
        fprintf(stderr, "usage: search T BUDGET meetings|pairs < S1 S2 S3 | search H BUDGET < S1 S2\n");
        return 2;
    }
    mode_h = argv[1][0] == 'H';
    total_budget = atoi(argv[2]);
    if (mode_h) {
        u32 overlap = 0;
        int cost = read_fixed(2, &overlap);
        g1[0] &= ~2u; /* A does not count in the overlap with S1 */
        g1[1] &= ~1u;
        if (!bit(met[0], 1) || !bit(twice[0], 1)) {
            fprintf(stderr, "players 0 and 1 must sit together in S1 and S2\n");
            return 2;
        }
        g1_floor = (int)overlap;
        first_level = 0;
        if (cost <= total_budget) session(0, total_budget - cost, 0);
        printf("S1, S2 cost %d, S2 overlaps S1 in %d pairs besides A; found %lld\n", cost, g1_floor, found);
    } else {
        forbid_third = strcmp(argv[3], "pairs") == 0;
        int cost = read_fixed(3, NULL);
        if (cost) {
            fprintf(stderr, "S1, S2, S3 share %d pairs\n", cost);
            return 2;
        }
        memcpy(key, met, sizeof met);
        first_level = 1;
        session(1, total_budget, 0);
        printf("found %lld\n", found);
    }
    return 0;
}
