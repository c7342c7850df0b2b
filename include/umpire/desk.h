/*
 * desk.h - the player's desk: what the page's JavaScript calls in the
 * rules compiled to WebAssembly (src/desk/api.c), on the same core as
 * `umpire orders VIEW --answers FILE`.
 *
 * Ownership: desk_open's desk is the caller's, released by desk_close.
 * Every const char * returned is the desk's (JSON, or YAML for
 * desk_answers_yaml), valid until the next call on the same desk.
 * The JSON of a state: title, game, step, side, report; answers (key,
 * value, rule, text of each); question (rule, key, text, free_text,
 * more, options, form: the parts of a free-text answer or null, and
 * targets: for each option an array of the {kind, id} it names on the
 * board, struct question.targets) or null where the step ends for the side; ends (where,
 * in words); refused (why the last answer was not taken); error (why
 * nothing can be answered: the view refused, the game over, another
 * side's decision).
 */
#ifndef UMPIRE_DESK_H
#define UMPIRE_DESK_H

#include <stddef.h>

struct desk;

/* Where the page puts the scenario files the view names (the page's
 * own file system, in memory). */
#define DESK_SCENARIOS "/scenarios"

/* A scenario file the view may name (name: its id), put where the view
 * finds it; 0, else -1 (a name not an id, over 8 MB, no room). */
int desk_put_scenario(const char *name, const char *text, size_t len);
/* A desk on a view's text (len bytes, unsealed); never NULL. A view
 * refused is said by desk_question's error. */
struct desk *desk_open(const char *view, size_t len);
/* The same on an unsigned view umpire desk built from a game file its
 * side holds whole (view_load_unsigned: honour mode, umpire desk GAME). */
struct desk *desk_open_unsigned(const char *view, size_t len);
void desk_close(struct desk *d);
/* The state: the question now asked. */
const char *desk_question(struct desk *d);
/* Answer the question now asked with text; the state, with refused set
 * when the rules refused it (and the answer not kept). */
const char *desk_answer(struct desk *d, const char *text);
/* The last answer taken back; the state. */
const char *desk_undo(struct desk *d);
/* The standing orders the game's rules take, one entry a key:
 * {"standing": [{key, rule, help, example, orders: [{name, scope,
 * value}...]}...]}: orders the bare KEY (scope "") and KEY-SCOPE for
 * each of its scopes, value null where the desk gives none. */
const char *desk_standing(struct desk *d);
/* The standing order name (KEY or KEY-SCOPE) given value (NULL or "":
 * taken back); the state, refused set where the rules refuse it. */
const char *desk_set_standing(struct desk *d, const char *name,
			      const char *value);
/*
 * The board for the side (render() with svg.spots set: the pieces and
 * places an answer names are spotted, svg_spot) at the question now
 * asked, after the answers so far, with the marks they made (moves
 * drawn as the render draws them): {"board": SVG or null (the rules
 * draw none), "question": its key or null}.
 */
const char *desk_board(struct desk *d);
/* The board and the events the side reads as if text answered the
 * question now asked, nothing kept: {"board", "events": [{rule,
 * text}...]}, a move's path drawn (ctx_mark_path); or {"refused":
 * why}, the words desk_answer would give. */
const char *desk_preview(struct desk *d, const char *text);
/* Complete answers to the question now asked, one a line (at most
 * 4096), each checked as that answer would be, all in one run of the
 * rules (engine_step.probe): {"question": key, "probe": [{answer, ok,
 * why}...]}, why in the rules' words where refused. What the desk
 * lights: every "UNIT to HEX" a chosen unit may make, the next hexes
 * of a path, the second hex of an attack on two. A question whose
 * check keeps the state (question.keeps_state) is probed without the
 * state copied for each answer. */
const char *desk_probe(struct desk *d, const char *candidates);
/* The answers (and standing orders) as the order file `umpire orders
 * VIEW --answers FILE` reads. */
const char *desk_answers_yaml(struct desk *d);

/* The page's built files, in the umpire binary (build/gen/desk_files.c,
 * made by src/web/embed.sh): emcc's loader and the rules' WebAssembly
 * gzipped (build/desk/), each of NAME_len bytes; both of length 0 in a
 * binary built before the WebAssembly (make desk builds them). Its
 * script and style are the web's (umpire/web.h). */
extern const unsigned char desk_glue[], desk_wasm_gz[];
extern const size_t desk_glue_len, desk_wasm_gz_len;

#endif
