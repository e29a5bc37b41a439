// fcd_driver.c: unograde's scenario driver for a C Game ADT.  Linked with the student's
// Game.c (and Card.c) and run in the sandbox as `./adt cases/NAME.in`.
//
// The scenario arrives as numbers, one step a line (the grader writes it from the JSON
// scenario, without any expected answer):
//
//     fcd-scenario 1
//     deck N            then N lines "VALUE COLOR SUIT"
//     steps M           then M lines, each one of
//     m A V C S K       a move: action, card fields (-1 -1 -1: none), nextColor (-1: none)
//     q NAME [ARGS]     a query; isValidMove's args are a move's five numbers
//
// Each answer is printed on a line of its own starting with "=fcd= ", so that whatever the
// student's code prints (a debugging printf) is told apart.  stderr is joined to stdout, so
// a sanitizer's report lands after the last answer printed before it.  A move that
// isValidMove refuses is not played (playMove may assume a valid move): the replay ends.
// After the steps the game is destroyed and the blocks it still holds are counted: the
// driver links with -Wl,--wrap=malloc,... so every allocation is seen with its call site.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "Game.h"

#ifndef FCD_RSS_MB
#define FCD_RSS_MB 1024
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

// The sanitizers' settings, compiled in (the sandbox's environment is scrubbed).  Leaks are
// counted by this driver instead of LeakSanitizer, which needs ptrace (refused in the
// sandbox); exit status 86 tells a sanitizer's report from any other failure.
const char *__asan_default_options(void) {
    return "detect_leaks=0:exitcode=86:halt_on_error=1:abort_on_error=0:"
           "allocator_may_return_null=1:hard_rss_limit_mb=" STR(FCD_RSS_MB) ":"
           "detect_stack_use_after_return=0:print_summary=1";
}

const char *__ubsan_default_options(void) {
    return "print_stacktrace=1:halt_on_error=1:exitcode=86";
}

void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out, size_t size);

// ------------------------------------------------------------------ allocations

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);

typedef struct {
    void *ptr;
    size_t size;
    void *site;
} block;

static block *blocks;
static size_t blockCap, blockCount;
static int tracking;

static size_t slot_of(void *p) {
    uintptr_t h = (uintptr_t)p;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 7) & (blockCap - 1);
}

static void forget(void *p);

static void remember(void *p, size_t size, void *site) {
    if (!tracking || p == NULL) return;
    if ((blockCount + 1) * 2 > blockCap) {
        size_t oldCap = blockCap;
        block *old = blocks;
        blockCap = oldCap ? oldCap * 2 : 1024;
        blocks = __real_calloc(blockCap, sizeof(block));
        if (blocks == NULL) abort();
        blockCount = 0;
        for (size_t i = 0; i < oldCap; i++) {
            if (old[i].ptr != NULL) {
                size_t j = slot_of(old[i].ptr);
                while (blocks[j].ptr != NULL) j = (j + 1) & (blockCap - 1);
                blocks[j] = old[i];
                blockCount++;
            }
        }
        __real_free(old);
    }
    size_t j = slot_of(p);
    while (blocks[j].ptr != NULL && blocks[j].ptr != p) j = (j + 1) & (blockCap - 1);
    if (blocks[j].ptr == NULL) blockCount++;
    blocks[j].ptr = p;
    blocks[j].size = size;
    blocks[j].site = site;
}

static void forget(void *p) {
    if (blockCap == 0 || p == NULL) return;
    size_t j = slot_of(p);
    while (blocks[j].ptr != NULL) {
        if (blocks[j].ptr == p) {
            // Remove with backward shifting, keeping every probe chain whole.
            size_t hole = j;
            size_t k = (j + 1) & (blockCap - 1);
            while (blocks[k].ptr != NULL) {
                size_t home = slot_of(blocks[k].ptr);
                int moves = hole <= k ? (home <= hole || home > k) : (home <= hole && home > k);
                if (moves) {
                    blocks[hole] = blocks[k];
                    hole = k;
                }
                k = (k + 1) & (blockCap - 1);
            }
            blocks[hole].ptr = NULL;
            blockCount--;
            return;
        }
        j = (j + 1) & (blockCap - 1);
    }
}

void *__wrap_malloc(size_t size) {
    void *p = __real_malloc(size);
    remember(p, size, __builtin_return_address(0));
    return p;
}

void *__wrap_calloc(size_t n, size_t size) {
    void *p = __real_calloc(n, size);
    remember(p, n * size, __builtin_return_address(0));
    return p;
}

void *__wrap_realloc(void *old, size_t size) {
    void *p = __real_realloc(old, size);
    if (p != NULL || size == 0) forget(old);
    remember(p, size, __builtin_return_address(0));
    return p;
}

void __wrap_free(void *p) {
    forget(p);
    __real_free(p);
}

// ------------------------------------------------------------------ answers

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));

#include <stdarg.h>
static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("=fcd= ", stdout);
    vprintf(format, args);
    fputc('\n', stdout);
    va_end(args);
}

static void say_card(const char *kind, Card c) {
    if (c == NULL) {
        say("%s null", kind);
    } else {
        say("%s %d %d %d", kind, (int)cardValue(c), (int)cardColor(c), (int)cardSuit(c));
    }
}

static int read_move(FILE *in, playerMove *m, Card *made) {
    int a, v, c, s, k;
    if (fscanf(in, "%d %d %d %d %d", &a, &v, &c, &s, &k) != 5) return 0;
    memset(m, 0, sizeof *m);
    m->action = (action)a;
    m->nextColor = (color)k;  // -1: a DECLARE without a colour, which is invalid
    *made = v < 0 ? NULL : newCard((value)v, (color)c, (suit)s);
    m->card = *made;
    return 1;
}

static void ask(FILE *in, Game g, const char *name) {
    int x = 0, y = 0;
    if (strcmp(name, "isValidMove") == 0) {
        playerMove m;
        Card made;
        if (!read_move(in, &m, &made)) exit(3);
        say("bool %d", isValidMove(g, m) ? 1 : 0);
        if (made != NULL) destroyCard(made);
    } else if (strcmp(name, "hand") == 0) {
        int n = handCardCount(g);
        if (n < 0 || n > 100000) {
            say("raised handCardCount answered %d", n);
            return;
        }
        say("hand %d", n);
        for (int i = 0; i < n; i++) say_card("in", handCard(g, i));
    } else if (strcmp(name, "topDiscard") == 0) {
        say_card("card", topDiscard(g));
    } else if (strcmp(name, "playDirection") == 0) {
        say("dir %d", (int)playDirection(g));
    } else if (strcmp(name, "pastMove") == 0) {
        if (fscanf(in, "%d %d", &x, &y) != 2) exit(3);
        playerMove m = pastMove(g, x, y);
        if (m.action == PLAY_CARD && m.card != NULL) {
            say("move %d %d %d %d %d", (int)m.action, (int)m.nextColor, (int)cardValue(m.card),
                (int)cardColor(m.card), (int)cardSuit(m.card));
        } else {
            say("move %d", (int)m.action);
        }
    } else {
        int argc = strcmp(name, "turnMoves") == 0 || strcmp(name, "playerCardCount") == 0 ||
                   strcmp(name, "playerPoints") == 0 || strcmp(name, "numOfSuit") == 0 ||
                   strcmp(name, "numOfColor") == 0 || strcmp(name, "numOfValue") == 0;
        if (argc && fscanf(in, "%d", &x) != 1) exit(3);
        int answer;
        if (strcmp(name, "numCards") == 0) answer = numCards(g);
        else if (strcmp(name, "numOfSuit") == 0) answer = numOfSuit(g, (suit)x);
        else if (strcmp(name, "numOfColor") == 0) answer = numOfColor(g, (color)x);
        else if (strcmp(name, "numOfValue") == 0) answer = numOfValue(g, (value)x);
        else if (strcmp(name, "currentPlayer") == 0) answer = currentPlayer(g);
        else if (strcmp(name, "currentTurn") == 0) answer = currentTurn(g);
        else if (strcmp(name, "numTurns") == 0) answer = numTurns(g);
        else if (strcmp(name, "turnMoves") == 0) answer = turnMoves(g, x);
        else if (strcmp(name, "playerCardCount") == 0) answer = playerCardCount(g, x);
        else if (strcmp(name, "handCardCount") == 0) answer = handCardCount(g);
        else if (strcmp(name, "playerPoints") == 0) answer = playerPoints(g, x);
        else if (strcmp(name, "gameWinner") == 0) answer = gameWinner(g);
        else exit(3);
        say("int %d", answer);
    }
}

static void leak_report(void) {
    size_t bytes = 0, count = 0;
    for (size_t i = 0; i < blockCap; i++) {
        if (blocks[i].ptr != NULL) {
            count++;
            bytes += blocks[i].size;
        }
    }
    if (count == 0) {
        say("leaks 0 0");
        return;
    }
    say("leaks %zu %zu", count, bytes);
    int shown = 0;
    for (size_t i = 0; i < blockCap && shown < 3; i++) {
        if (blocks[i].ptr == NULL) continue;
        char where[512] = "";
        __sanitizer_symbolize_pc((char *)blocks[i].site - 1, "%s:%l in %f", where, sizeof where);
        for (char *p = where; *p; p++) {
            if (*p == '\n') *p = ' ';
        }
        say("leak %zu %s", blocks[i].size, where);
        shown++;
    }
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);
    dup2(1, 2);
    if (argc != 2) return 3;
    FILE *in = fopen(argv[1], "r");
    if (in == NULL) return 3;
    int format = 0, n = 0, steps = 0;
    if (fscanf(in, "fcd-scenario %d deck %d", &format, &n) != 2 || format != 1 || n < 1) {
        return 3;
    }
    value *values = malloc(sizeof(value) * (size_t)n);
    color *colors = malloc(sizeof(color) * (size_t)n);
    suit *suits = malloc(sizeof(suit) * (size_t)n);
    for (int i = 0; i < n; i++) {
        int v, c, s;
        if (fscanf(in, "%d %d %d", &v, &c, &s) != 3) return 3;
        values[i] = (value)v;
        colors[i] = (color)c;
        suits[i] = (suit)s;
    }
    if (fscanf(in, " steps %d", &steps) != 1) return 3;
    tracking = 1;  // from here on every block is the game's until destroyGame
    Game g = newGame(n, values, colors, suits);
    say("created");
    for (int k = 0; k < steps; k++) {
        char kind[4], name[32];
        if (fscanf(in, " %3s", kind) != 1) return 3;
        if (strcmp(kind, "m") == 0) {
            playerMove m;
            Card made;
            if (!read_move(in, &m, &made)) return 3;
            int valid = isValidMove(g, m);
            if (!valid) {
                say("refused");
                if (made != NULL) destroyCard(made);
                break;
            }
            playMove(g, m);
            if (made != NULL) destroyCard(made);
            say("played");
        } else {
            if (fscanf(in, " %31s", name) != 1) return 3;
            ask(in, g, name);
        }
    }
    destroyGame(g);
    leak_report();
    tracking = 0;
    free(values);
    free(colors);
    free(suits);
    fclose(in);
    say("end");
    return 0;
}
