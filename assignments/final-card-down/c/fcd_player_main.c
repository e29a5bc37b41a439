// fcd_player_main.c: a student's player.c in a tournament (unograde's; never the student's).
//
// `unograde tournament final-card-down` builds player.c with this file and Card.c in the
// sandbox (AddressSanitizer and UndefinedBehaviorSanitizer on) and starts the program once per
// player, kept for the whole tournament.  The game stays in the grader: each Game.h call the
// player makes goes over the Unix socket adt/socket to the tournament's reference game, with
// fcd_proxy.c's protocol (one JSON line each way), and only the game's queries and
// isValidMove are answered there (Decision D33 on the assignment's page).
//
// The grader asks for a move on one pipe and reads the answer on another (their descriptors
// are in UNOGRADE_SERVE_FDS, the served programs' protocol: graders/run/served.py):
//
//     request  "ID NBYTES\n" then NBYTES bytes: the handle of the game as it is now
//     answer   {"id": ID, "status": "returned", "value": [ACTION, NEXT_COLOR, [V, C, S]]}
//
// NEXT_COLOR is null unless the card is a DECLARE, the card null unless the action is
// PLAY_CARD (the grader's reading of a playerMove, as isValidMove's).  The player's own
// printing goes to a log, never to the answers.

// The proxy's sanitizer settings are replaced by these (no legend: a crash's report is read
// from the end of the log, where its SUMMARY line must be).
#define __asan_default_options fcd_proxy_asan_default_options
#define __ubsan_default_options fcd_proxy_ubsan_default_options
#include "fcd_proxy.c"
#undef __asan_default_options
#undef __ubsan_default_options

#include "player.h"

const char *__asan_default_options(void) {
    return "detect_leaks=0:exitcode=86:halt_on_error=1:allocator_may_return_null=1:"
           "hard_rss_limit_mb=700:detect_stack_use_after_return=0:print_legend=0";
}

const char *__ubsan_default_options(void) {
    return "print_stacktrace=1:halt_on_error=1:exitcode=86";
}

static int request_fd = -1;
static int reply_fd = -1;

static void write_all(const char *text) {
    size_t size = strlen(text), sent = 0;
    while (sent < size) {
        ssize_t n = write(reply_fd, text + sent, size - sent);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) exit(4);  // the grader is gone
        sent += (size_t)n;
    }
}

// Exactly `size` bytes of the request pipe into `into`; 0 at its end.
static int read_exactly(char *into, size_t size) {
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(request_fd, into + got, size - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        got += (size_t)n;
    }
    return 1;
}

// The head of a request, "ID NBYTES\n"; 0 at the end of the pipe (the tournament is over).
static int read_head(long *id, long *size) {
    char head[64];
    size_t n = 0;
    for (;;) {
        if (!read_exactly(head + n, 1)) return 0;
        if (head[n] == '\n') break;
        if (++n == sizeof head - 1) return 0;
    }
    head[n] = '\0';
    return sscanf(head, "%ld %ld", id, size) == 2 && *size >= 0 && *size < 64;
}

// The answer's value for `move`, read before the game's cards are freed.
static void move_value(playerMove move, char *out, size_t size) {
    int length = snprintf(out, size, "[%d,", (int)move.action);
    int declare = move.action == PLAY_CARD && move.card != NULL && cardValue(move.card) == DECLARE;
    if (declare) {
        length += snprintf(out + length, size - (size_t)length, "%d,", (int)move.nextColor);
    } else {
        length += snprintf(out + length, size - (size_t)length, "null,");
    }
    if (move.action == PLAY_CARD && move.card != NULL) {
        snprintf(out + length, size - (size_t)length, "[%d,%d,%d]]", (int)cardValue(move.card),
                 (int)cardColor(move.card), (int)cardSuit(move.card));
    } else {
        snprintf(out + length, size - (size_t)length, "null]");
    }
}

int main(void) {
    const char *fds = getenv("UNOGRADE_SERVE_FDS");
    if (fds == NULL || sscanf(fds, "%d %d", &request_fd, &reply_fd) != 2) {
        fprintf(stderr, "fcd_player: run by unograde's tournament only (UNOGRADE_SERVE_FDS)\n");
        return 2;
    }
    write_all("{\"import\":{\"status\":\"ok\"},\"stdout\":\"\"}\n");
    long id, size;
    while (read_head(&id, &size)) {
        char body[64];
        if (!read_exactly(body, (size_t)size)) break;
        body[size] = '\0';
        struct _game *game = calloc(1, sizeof *game);
        if (game == NULL) fail("out of memory");
        game->handle = strtol(body, NULL, 10);
        playerMove move = decideMove(game);
        char value[128], reply[256];
        move_value(move, value, sizeof value);
        // The game of this decision ends here: its cards are freed, its handle forgotten.
        for (int k = 0; k < game->numCards; k++) destroyCard(game->cards[k]);
        free(game->cards);
        free(game);
        fflush(stdout);
        snprintf(reply, sizeof reply, "{\"id\":%ld,\"status\":\"returned\",\"value\":%s}\n", id,
                 value);
        write_all(reply);
    }
    return 0;
}
