// fcd_proxy.c: Game.h for a student's testGame.c when the grader runs it.  Every call is
// sent to the ADT under test (the course's reference or a broken one), which runs in a
// sandbox of its own; this file holds no rule of the game.  One JSON object per line each
// way over the Unix socket adt/socket (the protocol is documented in adt_server.py):
//
//     {"call": "numCards", "args": [{"game": 3}], "free": [2]}   ->   {"value": 30}
//
// A Game here is a handle to a game kept by the ADT; playMove swaps in the handle of the
// game after the move.  Cards answered by handCard, topDiscard and pastMove are made here
// with newCard and freed by destroyGame, as Game.h promises.  A call the ADT refuses
// (invalid input: Decisions D15) or a lost ADT ends the run with a message and status 3.

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "Game.h"

struct _game {
    long handle;
    Card *cards;  // cards this proxy made for the game's answers
    int numCards;
    int capCards;
};

// The sanitizers' settings, compiled in (the sandbox's environment is scrubbed):
// LeakSanitizer needs ptrace, which the sandbox refuses; exit status 86 is a report.
const char *__asan_default_options(void) {
    return "detect_leaks=0:exitcode=86:halt_on_error=1:allocator_may_return_null=1:"
           "hard_rss_limit_mb=700:detect_stack_use_after_return=0";
}

const char *__ubsan_default_options(void) {
    return "print_stacktrace=1:halt_on_error=1:exitcode=86";
}

static int link_fd = -1;
static long unused[64];  // handles to release with the next request
static int numUnused;

static void fail(const char *what) {
    fprintf(stderr, "fcd_proxy: %s\n", what);
    fflush(stderr);
    exit(3);
}

// ------------------------------------------------------------------ a small JSON reader

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jkind;

typedef struct jnode {
    jkind kind;
    long number;
    char *text;           // J_STR, or a member's key
    struct jnode *items;  // J_ARR, J_OBJ
    int count;
} jnode;

static const char *skip(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    return p;
}

static const char *parse(const char *p, jnode *out, int depth);

static const char *parse_string(const char *p, char **out) {
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (s == NULL || *p != '"') fail("a malformed answer");
    p++;
    while (*p && *p != '"') {
        char c = *p++;
        if (c == '\\' && *p) {
            c = *p++;
            if (c == 'u') {  // kept as '?': no answer this proxy reads needs it
                for (int k = 0; k < 4 && *p; k++) p++;
                c = '?';
            } else if (c == 'n') {
                c = '\n';
            }
        }
        if (n + 1 >= cap) {
            cap *= 2;
            s = realloc(s, cap);
            if (s == NULL) fail("out of memory");
        }
        s[n++] = c;
    }
    if (*p != '"') fail("a malformed answer");
    s[n] = '\0';
    *out = s;
    return p + 1;
}

static const char *parse_list(const char *p, jnode *out, char close, int depth) {
    int cap = 4;
    out->items = calloc((size_t)cap, sizeof(jnode));
    out->count = 0;
    p = skip(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
        if (out->count == cap) {
            cap *= 2;
            out->items = realloc(out->items, (size_t)cap * sizeof(jnode));
            if (out->items == NULL) fail("out of memory");
        }
        jnode *item = &out->items[out->count++];
        memset(item, 0, sizeof *item);
        p = skip(p);
        char *key = NULL;
        if (close == '}') {
            p = parse_string(p, &key);
            p = skip(p);
            if (*p != ':') fail("a malformed answer");
            p = skip(p + 1);
        }
        p = parse(p, item, depth + 1);
        if (close == '}') item->text = key;
        p = skip(p);
        if (*p == ',') {
            p++;
            continue;
        }
        if (*p != close) fail("a malformed answer");
        return p + 1;
    }
}

static const char *parse(const char *p, jnode *out, int depth) {
    if (depth > 32) fail("an answer nested too deeply");
    p = skip(p);
    memset(out, 0, sizeof *out);
    if (*p == '{') {
        out->kind = J_OBJ;
        return parse_list(p, out, '}', depth);
    }
    if (*p == '[') {
        out->kind = J_ARR;
        return parse_list(p, out, ']', depth);
    }
    if (*p == '"') {
        out->kind = J_STR;
        return parse_string(p, &out->text);
    }
    if (strncmp(p, "null", 4) == 0) return out->kind = J_NULL, p + 4;
    if (strncmp(p, "true", 4) == 0) return out->kind = J_BOOL, out->number = 1, p + 4;
    if (strncmp(p, "false", 5) == 0) return out->kind = J_BOOL, out->number = 0, p + 5;
    char *end;
    out->kind = J_NUM;
    out->number = strtol(p, &end, 10);
    if (end == p) fail("a malformed answer");
    while (*end == '.' || *end == 'e' || *end == 'E' || *end == '+' || *end == '-' ||
           (*end >= '0' && *end <= '9')) {
        end++;
    }
    return end;
}

static void release(jnode *n) {
    for (int k = 0; k < n->count; k++) {
        free(n->items[k].text);
        release(&n->items[k]);
    }
    free(n->items);
}

static jnode *member(jnode *n, const char *key) {
    if (n == NULL || n->kind != J_OBJ) return NULL;
    for (int k = 0; k < n->count; k++) {
        if (n->items[k].text != NULL && strcmp(n->items[k].text, key) == 0) return &n->items[k];
    }
    return NULL;
}

// ------------------------------------------------------------------ the link

static void connect_link(void) {
    struct sockaddr_un where;
    memset(&where, 0, sizeof where);
    where.sun_family = AF_UNIX;
    strncpy(where.sun_path, "adt/socket", sizeof where.sun_path - 1);
    link_fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (link_fd < 0 || connect(link_fd, (struct sockaddr *)&where, sizeof where) != 0) {
        fail("cannot reach the ADT (adt/socket)");
    }
}

typedef struct {
    char *text;
    size_t size, cap;
} buffer;

static void add(buffer *b, const char *text) {
    size_t n = strlen(text);
    if (b->size + n + 1 > b->cap) {
        b->cap = (b->size + n + 1) * 2;
        b->text = realloc(b->text, b->cap);
        if (b->text == NULL) fail("out of memory");
    }
    memcpy(b->text + b->size, text, n + 1);
    b->size += n;
}

static void addf(buffer *b, long number) {
    char digits[32];
    snprintf(digits, sizeof digits, "%ld", number);
    add(b, digits);
}

// Sends the request in `b` (the call and its arguments, without the closing brace) and
// reads the answer's "value" into `out`.
static void ask(buffer *b, jnode *out, const char *name) {
    if (link_fd < 0) connect_link();
    if (numUnused > 0) {
        add(b, ",\"free\":[");
        for (int k = 0; k < numUnused; k++) {
            if (k) add(b, ",");
            addf(b, unused[k]);
        }
        add(b, "]");
        numUnused = 0;
    }
    add(b, "}\n");
    size_t sent = 0;
    while (sent < b->size) {
        ssize_t n = write(link_fd, b->text + sent, b->size - sent);
        if (n <= 0) fail("the ADT's process is gone");
        sent += (size_t)n;
    }
    free(b->text);
    buffer in = {NULL, 0, 0};
    char chunk[4096];
    for (;;) {
        ssize_t n = read(link_fd, chunk, sizeof chunk - 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail("the ADT's process is gone");
        chunk[n] = '\0';
        add(&in, chunk);
        if (strchr(chunk, '\n') != NULL) break;
    }
    jnode answer;
    parse(in.text, &answer, 0);
    free(in.text);
    jnode *value = member(&answer, "value");
    if (value == NULL) {
        jnode *raised = member(&answer, "raise");
        fprintf(stderr, "fcd_proxy: the ADT refused %s (%s): a test must not pass invalid input\n",
                name, raised != NULL && raised->kind == J_STR ? raised->text : "it failed");
        exit(3);
    }
    *out = *value;
    value->items = NULL;  // now the caller's
    value->count = 0;
    for (int k = 0; k < answer.count; k++) free(answer.items[k].text);
    free(answer.items);
}

static void start(buffer *b, const char *name, Game game) {
    memset(b, 0, sizeof *b);
    add(b, "{\"call\":\"");
    add(b, name);
    add(b, "\",\"args\":[");
    if (game != NULL) {
        add(b, "{\"game\":");
        addf(b, game->handle);
        add(b, "}");
    }
}

static long number_of(jnode *n) {
    jnode *inner = member(n, "value");  // an enum: {"enum": NAME, "value": N}
    if (inner != NULL) n = inner;
    if (n->kind != J_NUM && n->kind != J_BOOL) fail("an answer that is not a number");
    return n->number;
}

static long call_number(const char *name, Game game, int argc, long arg) {
    buffer b;
    start(&b, name, game);
    if (argc) {
        add(&b, ",");
        addf(&b, arg);
    }
    add(&b, "]");
    jnode v;
    ask(&b, &v, name);
    long n = number_of(&v);
    release(&v);
    return n;
}

static Card keep_card(Game game, jnode *n) {
    jnode *fields = member(n, "card");
    if (fields == NULL || fields->kind != J_ARR || fields->count != 3) return NULL;
    Card c = newCard((value)number_of(&fields->items[0]), (color)number_of(&fields->items[1]),
                     (suit)number_of(&fields->items[2]));
    if (game->numCards == game->capCards) {
        game->capCards = game->capCards ? game->capCards * 2 : 16;
        game->cards = realloc(game->cards, (size_t)game->capCards * sizeof(Card));
        if (game->cards == NULL) fail("out of memory");
    }
    game->cards[game->numCards++] = c;
    return c;
}

static void add_move(buffer *b, playerMove move) {
    add(b, ",{\"move\":[");
    addf(b, (long)move.action);
    add(b, ",");
    if (move.action == PLAY_CARD && move.card != NULL && cardValue(move.card) == DECLARE) {
        addf(b, (long)move.nextColor);
    } else {
        add(b, "null");
    }
    add(b, ",");
    if (move.action == PLAY_CARD && move.card != NULL) {
        add(b, "{\"card\":[");
        addf(b, (long)cardValue(move.card));
        add(b, ",");
        addf(b, (long)cardColor(move.card));
        add(b, ",");
        addf(b, (long)cardSuit(move.card));
        add(b, "]}");
    } else {
        add(b, "null");
    }
    add(b, "]}]");
}

// ------------------------------------------------------------------ Game.h

Game newGame(int deckSize, value values[], color colors[], suit suits[]) {
    buffer b;
    start(&b, "newGame", NULL);
    addf(&b, deckSize);
    const char *names[3] = {",[", ",[", ",["};
    for (int which = 0; which < 3; which++) {
        add(&b, names[which]);
        for (int i = 0; i < deckSize; i++) {
            if (i) add(&b, ",");
            long x = which == 0 ? (long)values[i] : which == 1 ? (long)colors[i] : (long)suits[i];
            addf(&b, x);
        }
        add(&b, "]");
    }
    add(&b, "]");
    jnode v;
    ask(&b, &v, "newGame");
    jnode *handle = member(&v, "game");
    if (handle == NULL || handle->kind != J_NUM) fail("newGame answered no game");
    Game game = calloc(1, sizeof *game);
    if (game == NULL) fail("out of memory");
    game->handle = handle->number;
    release(&v);
    return game;
}

void destroyGame(Game game) {
    if (numUnused < 64) unused[numUnused++] = game->handle;
    for (int k = 0; k < game->numCards; k++) destroyCard(game->cards[k]);
    free(game->cards);
    free(game);
}

int numCards(Game g) { return (int)call_number("numCards", g, 0, 0); }
int numOfSuit(Game g, suit s) { return (int)call_number("numOfSuit", g, 1, (long)s); }
int numOfColor(Game g, color c) { return (int)call_number("numOfColor", g, 1, (long)c); }
int numOfValue(Game g, value v) { return (int)call_number("numOfValue", g, 1, (long)v); }
int currentPlayer(Game g) { return (int)call_number("currentPlayer", g, 0, 0); }
int currentTurn(Game g) { return (int)call_number("currentTurn", g, 0, 0); }
int numTurns(Game g) { return (int)call_number("numTurns", g, 0, 0); }
int turnMoves(Game g, int turn) { return (int)call_number("turnMoves", g, 1, turn); }
int playerCardCount(Game g, int p) { return (int)call_number("playerCardCount", g, 1, p); }
int handCardCount(Game g) { return (int)call_number("handCardCount", g, 0, 0); }
int playerPoints(Game g, int p) { return (int)call_number("playerPoints", g, 1, p); }
int gameWinner(Game g) { return (int)call_number("gameWinner", g, 0, 0); }

direction playDirection(Game g) {
    return (direction)call_number("playDirection", g, 0, 0);
}

static Card card_answer(const char *name, Game g, int argc, long arg) {
    buffer b;
    start(&b, name, g);
    if (argc) {
        add(&b, ",");
        addf(&b, arg);
    }
    add(&b, "]");
    jnode v;
    ask(&b, &v, name);
    Card c = keep_card(g, &v);
    release(&v);
    return c;
}

Card handCard(Game g, int card) { return card_answer("handCard", g, 1, card); }
Card topDiscard(Game g) { return card_answer("topDiscard", g, 0, 0); }

playerMove pastMove(Game g, int turn, int move) {
    buffer b;
    start(&b, "pastMove", g);
    add(&b, ",");
    addf(&b, turn);
    add(&b, ",");
    addf(&b, move);
    add(&b, "]");
    jnode v;
    ask(&b, &v, "pastMove");
    jnode *fields = member(&v, "move");
    if (fields == NULL || fields->kind != J_ARR || fields->count != 3) fail("pastMove: no move");
    playerMove m;
    memset(&m, 0, sizeof m);
    m.action = (action)number_of(&fields->items[0]);
    if (fields->items[1].kind != J_NULL) m.nextColor = (color)number_of(&fields->items[1]);
    if (fields->items[2].kind != J_NULL) m.card = keep_card(g, &fields->items[2]);
    release(&v);
    return m;
}

int isValidMove(Game g, playerMove move) {
    buffer b;
    start(&b, "isValidMove", g);
    add_move(&b, move);
    jnode v;
    ask(&b, &v, "isValidMove");
    int valid = (int)number_of(&v);
    release(&v);
    return valid;
}

void playMove(Game g, playerMove move) {
    buffer b;
    start(&b, "playMove", g);
    add_move(&b, move);
    jnode v;
    ask(&b, &v, "playMove");
    jnode *handle = member(&v, "game");
    if (handle == NULL || handle->kind != J_NUM) fail("playMove answered no game");
    if (numUnused < 64) unused[numUnused++] = g->handle;
    g->handle = handle->number;
    release(&v);
}
