// A perft driver around Sturtevant's Chinese Checkers generator (CCheckers.cpp of
// AmiiThinks/benchmarks, chinese_checkers/cc), written for this project's issue 28 side-by-side
// run; his code is fetched and compiled by build.sh, never kept in this repository.
//
// Usage: cc-perft-diamond|cc-perft-star POSITION DEPTH
//   POSITION is this project's position text board field and side to move, e.g.
//   "5BBBB/6BBB/7BB/8B/9/A8/AA7/AAA6/AAAA5 A" (ranks top down, digits are runs of empty cells,
//   on the star only the cells of each rank are listed), or "start".
// Prints the leaf count and the user CPU seconds of the count alone.
//
// The last ply is counted in bulk (the length of his move list, no move made), as `halma
// perft` does. His getNewMove allocates every move with `new`; so that his figure is his
// generator's and not malloc's, this file replaces the global operator new/delete with a
// free list for objects of a move's size (an arena), and frees every move list after use.
#include "CCheckers.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <sys/resource.h>
#include <algorithm>

namespace {
constexpr size_t ARENA = 1 << 20;
alignas(16) unsigned char arena[ARENA * sizeof(CCMove)];
size_t arena_used = 0;
void *free_list = nullptr;

bool in_arena(void *p) {
    auto *c = static_cast<unsigned char *>(p);
    return c >= arena && c < arena + sizeof(arena);
}
} // namespace

void *operator new(size_t n) {
    if (n == sizeof(CCMove)) {
        if (free_list) {
            void *p = free_list;
            free_list = *static_cast<void **>(p);
            return p;
        }
        if (arena_used < ARENA) return arena + sizeof(CCMove) * arena_used++;
    }
    void *p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    return p;
}
void operator delete(void *p) noexcept {
    if (!p) return;
    if (in_arena(p)) {
        *static_cast<void **>(p) = free_list;
        free_list = p;
    } else {
        std::free(p);
    }
}
void operator delete(void *p, size_t) noexcept { operator delete(p); }

namespace {
#ifdef BOARD_121_10
const int W = 17;
// The star in this project's axial coordinates (centre (8, 8)).
bool contains(int x, int y) {
    if (x < 0 || y < 0 || x >= W || y >= W) return false;
    int q = x - 8, r = y - 8, s = -q - r;
    return (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4);
}
// His rows are our lines of constant x + y (side A's camp is his row 0..3).
int row_of(int x, int y) { return x + y - 8; }
#else
const int W = 9;
bool contains(int x, int y) { return x >= 0 && y >= 0 && x < W && y < W; }
int row_of(int x, int y) { return x + y; }
#endif

int spot(const CCheckers &cc, int x, int y) {
    // His doubled coordinates: column x - y + 13, row (1-based) row + 1.
    return cc.fromxy(x - y + 13, row_of(x, y) + 1);
}

void free_list_of(CCMove *m) {
    while (m) {
        CCMove *n = m->next;
        delete m;
        m = n;
    }
}

uint64_t perft(CCheckers &cc, CCState &s, int depth) {
    if (depth == 0) return 1;
    if (cc.Done(s)) return 0;
    CCMove *moves = cc.getMoves(s);
    uint64_t n = 0;
    if (depth == 1) {
        for (CCMove *m = moves; m; m = m->next) n++;
    } else {
        for (CCMove *m = moves; m; m = m->next) {
            cc.ApplyMove(s, m);
            n += perft(cc, s, depth - 1);
            cc.UndoMove(s, m);
        }
    }
    free_list_of(moves);
    return n;
}

double user_seconds() {
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6;
}

bool set_position(CCheckers &cc, CCState &s, const std::string &text) {
    size_t space = text.find(' ');
    if (space == std::string::npos) return false;
    std::string board = text.substr(0, space);
    char to_move = text[space + 1];
    int count[2] = {0, 0};
    std::memset(&s, 0, sizeof s);
    size_t i = 0;
    for (int y = W - 1; y >= 0; y--) {
        int x = 0;
        while (x < W && !contains(x, y)) x++;
        while (i < board.size() && board[i] != '/') {
            if (board[i] >= '0' && board[i] <= '9') {
                int run = 0;
                while (i < board.size() && board[i] >= '0' && board[i] <= '9')
                    run = run * 10 + (board[i++] - '0');
                for (; run > 0; run--) {
                    x++;
                    while (x < W && !contains(x, y)) x++;
                }
                continue;
            }
            int side = board[i] - 'A';
            if (side < 0 || side > 1 || x >= W || count[side] >= NUM_PIECES) return false;
            int sp = spot(cc, x, y);
            if (sp < 0) return false;
            s.board[sp] = side + 1;
            s.pieces[side][count[side]++] = sp;
            x++;
            while (x < W && !contains(x, y)) x++;
            i++;
        }
        i++;
    }
    if (count[0] != NUM_PIECES || count[1] != NUM_PIECES) return false;
    for (int p = 0; p < 2; p++) std::sort(s.pieces[p], s.pieces[p] + NUM_PIECES, std::greater<int>());
    s.toMove = to_move - 'A';
    return s.toMove == 0 || s.toMove == 1;
}
} // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s POSITION|start DEPTH\n", argv[0]);
        return 2;
    }
    static CCheckers cc;
    CCState s;
    std::string pos = argv[1];
    if (pos == "start") {
        cc.Reset(s);
    } else if (!set_position(cc, s, pos)) {
        std::fprintf(stderr, "bad position: %s\n", argv[1]);
        return 2;
    }
    int depth = std::atoi(argv[2]);
    if (depth < 0 || depth > 12) {
        std::fprintf(stderr, "depth must be 0..12\n");
        return 2;
    }
    double t0 = user_seconds();
    uint64_t n = perft(cc, s, depth);
    double t = user_seconds() - t0;
    std::printf("%llu leaves, %.3f s user, %.1f M leaves/s\n", (unsigned long long)n, t,
                t > 0 ? n / t / 1e6 : 0.0);
    return 0;
}
