#include "SimBenchPlainRow.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

// Where a row's split stands: the fields found so far, the next byte not yet read and
// whether it is inside a quoted field.
struct split_state {
    size_t field;
    size_t field_start;
    size_t next;
    int quoted;
};

// The bits of one block's bytes (bit i for byte at + i), of a block of 64 or of 16.
struct block_bits {
    uint64_t comma;
    uint64_t quote;
    uint64_t line_feed;
    uint64_t carriage_return;
    // A control byte other than LF and CR, or a byte above 0x7F.
    uint64_t other;
};

static inline uint64_t mask16(__m128i bytes) { return (uint64_t)(unsigned)_mm_movemask_epi8(bytes); }

// Each kind of byte of the sixteen at `text + at`, at bit `shift` on.
static inline void add_bits(const uint8_t *text, size_t at, unsigned shift, struct block_bits *bits) {
    const __m128i bytes = _mm_loadu_si128((const __m128i *)(text + at));
    uint64_t line_feed = mask16(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n')));
    uint64_t carriage_return = mask16(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r')));
    // Signed: a byte above 0x7F is negative, below the space as a control byte is.
    uint64_t control = mask16(_mm_cmplt_epi8(bytes, _mm_set1_epi8(' ')));
    bits->comma |= mask16(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(','))) << shift;
    bits->quote |= mask16(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'))) << shift;
    bits->line_feed |= line_feed << shift;
    bits->carriage_return |= carriage_return << shift;
    bits->other |= (control & ~line_feed & ~carriage_return) << shift;
}

// A block with a quote, a line break or another byte in it, `size` bytes from `at`, read
// event by event. Returns the index past the row's line break where it ends here, 1 where
// the row goes on past the block, 0 where the row is not one to claim.
static size_t split_events(
    const uint8_t *text, size_t start, size_t end, size_t at, unsigned size, size_t width,
    uint32_t *field_starts, struct split_state *state) {
    struct block_bits bits = {0, 0, 0, 0, 0};
    for (unsigned shift = 0; shift < size; shift += 16) add_bits(text, at + shift, shift, &bits);
    const uint64_t all = size == 64 ? ~(uint64_t)0 : (((uint64_t)1 << size) - 1);
    for (;;) {
        // The bits of the bytes from `next` on, within this block.
        uint64_t from = state->next > at ? (all << (state->next - at)) & all : all;
        if (state->quoted) {
            // Inside quotes: text up to the closing quote, no line break, control byte
            // or byte above ASCII (each left to the Swift splitter).
            uint64_t closing = bits.quote & from;
            uint64_t before = closing ? (closing & (0 - closing)) - 1 : all;
            uint64_t control = bits.line_feed | bits.carriage_return | bits.other;
            if ((control & from & before) != 0) return 0;
            if (closing == 0) return 1;
            size_t close = at + (size_t)__builtin_ctzll(closing);
            // After it, a comma or the line feed; a doubled quote is the Swift
            // splitter's to read.
            if (close + 1 >= end) return 0;
            uint8_t after = text[close + 1];
            if (after != ',' && after != '\n' && after != '\r') return 0;
            state->quoted = 0;
            state->next = close + 1;
        } else {
            uint64_t events =
                (bits.comma | bits.quote | bits.line_feed | bits.carriage_return | bits.other) &
                from;
            if (events == 0) return 1;
            size_t here = at + (size_t)__builtin_ctzll(events);
            uint8_t byte = text[here];
            if (byte == ',') {
                state->field += 1;
                if (state->field >= width) return 0;
                state->field_start = here + 1;
                field_starts[state->field] = (uint32_t)state->field_start;
                state->next = here + 1;
            } else if (byte == '"') {
                // Quoted only from the field's first byte.
                if (here != state->field_start) return 0;
                state->quoted = 1;
                state->next = here + 1;
            } else if (byte == '\n') {
                // A blank line, or too few fields: the Swift splitter says which.
                if (here == start || state->field + 1 != width) return 0;
                field_starts[width] = (uint32_t)(here + 1);
                return here + 1;
            } else if (byte == '\r') {
                // A line break of CR LF (as simbench writes): its CR ends the last field.
                if (here + 1 >= end || text[here + 1] != '\n') return 0;
                if (here == start || state->field + 1 != width) return 0;
                field_starts[width] = (uint32_t)(here + 1);
                return here + 2;
            } else {
                return 0;
            }
        }
        if (state->next >= at + size) return 1;
    }
}

// The fields that start after the commas of `comma` (bits from `at`), all of them
// claimed by the row: false where they are more than its width.
static inline int add_fields(
    uint64_t comma, size_t at, size_t width, uint32_t *field_starts, struct split_state *state) {
    size_t field = state->field;
    if (field + (size_t)__builtin_popcountll(comma) >= width) return 0;
    while (comma != 0) {
        field += 1;
        field_starts[field] = (uint32_t)(at + (size_t)__builtin_ctzll(comma) + 1);
        comma &= comma - 1;
    }
    if (field != state->field) state->field_start = field_starts[field];
    state->field = field;
    return 1;
}

size_t simbench_split_plain_row(
    const uint8_t *text, size_t start, size_t end, size_t width, uint32_t *field_starts,
    uint64_t *non_digits, size_t non_digit_words) {
    const __m128i commas = _mm_set1_epi8(',');
    const __m128i quotes = _mm_set1_epi8('"');
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i below_zero = _mm_set1_epi8('0' - 1);
    const __m128i above_nine = _mm_set1_epi8('9' + 1);
    const size_t room = non_digit_words * 64;
    struct split_state state = {0, start, start, 0};
    field_starts[0] = (uint32_t)start;
    size_t at = start;
    // Blocks of 64 bytes from the row's start, each one's bits a word of `non_digits`.
    for (; at + 64 <= end; at += 64) {
        size_t offset = at - start;
        if (offset + 64 > room) return 0;
        uint64_t digit = 0, comma = 0, stops = 0;
        for (unsigned shift = 0; shift < 64; shift += 16) {
            const __m128i bytes = _mm_loadu_si128((const __m128i *)(text + at + shift));
            digit |= mask16(_mm_and_si128(
                         _mm_cmpgt_epi8(bytes, below_zero), _mm_cmplt_epi8(bytes, above_nine)))
                     << shift;
            comma |= mask16(_mm_cmpeq_epi8(bytes, commas)) << shift;
            // A quote, or a byte below the space (line breaks among them) or above 0x7F
            // (negative when signed).
            stops |= mask16(_mm_or_si128(
                         _mm_cmpeq_epi8(bytes, quotes), _mm_cmplt_epi8(bytes, space)))
                     << shift;
        }
        non_digits[offset >> 6] = ~digit;
        if (!state.quoted && state.next <= at && stops == 0) {
            // The common block: text and commas only.
            if (!add_fields(comma, at, width, field_starts, &state)) return 0;
            state.next = at + 64;
            continue;
        }
        if (!state.quoted && state.next <= at) {
            // The row's last block: its line break the first stop, commas before it.
            const unsigned stop = (unsigned)__builtin_ctzll(stops);
            const size_t here = at + stop;
            const uint8_t byte = text[here];
            if (byte == '\n' || byte == '\r') {
                if (byte == '\r' && (here + 1 >= end || text[here + 1] != '\n')) return 0;
                if (stop > 0 && !add_fields(comma & (((uint64_t)1 << stop) - 1), at, width,
                                            field_starts, &state))
                    return 0;
                // A blank line, or too few fields: the Swift splitter says which.
                if (here == start || state.field + 1 != width) return 0;
                field_starts[width] = (uint32_t)(here + 1);
                return byte == '\n' ? here + 1 : here + 2;
            }
        }
        size_t split = split_events(text, start, end, at, 64, width, field_starts, &state);
        if (split != 1) return split;
    }
    // Then blocks of sixteen, up to the end of the bytes read.
    for (; at + 16 <= end; at += 16) {
        size_t offset = at - start;
        if (offset + 16 > room) return 0;
        const __m128i bytes = _mm_loadu_si128((const __m128i *)(text + at));
        uint64_t non_digit = ~mask16(_mm_and_si128(
                                 _mm_cmpgt_epi8(bytes, below_zero), _mm_cmplt_epi8(bytes, above_nine))) &
                             0xFFFF;
        if ((offset & 63) == 0) non_digits[offset >> 6] = non_digit << (offset & 63);
        else non_digits[offset >> 6] |= non_digit << (offset & 63);
        size_t split = split_events(text, start, end, at, 16, width, field_starts, &state);
        if (split != 1) return split;
    }
    return 0;
}

#endif

size_t simbench_plain_numeric_cells(
    const uint8_t *text, size_t row, const uint32_t *field_starts, const uint64_t *non_digits,
    const uint32_t *columns, size_t count, size_t from) {
    for (size_t index = from; index < count; index++) {
        const uint32_t column = columns[index] & ~SIMBENCH_NON_EMPTY;
        const size_t start = field_starts[column];
        const size_t length = field_starts[column + 1] - 1 - start;
        if (length == 0) {
            if (columns[index] & SIMBENCH_NON_EMPTY) return index;
            continue;
        }
        if (length >= 64 || text[start] == '"') return index;
        // The cell's bits, from the word that holds its first byte and the one after.
        const size_t offset = start - row;
        const unsigned bit = (unsigned)(offset & 63);
        uint64_t bits = non_digits[offset >> 6] >> bit;
        bits |= (non_digits[(offset >> 6) + 1] << 1) << (63 - bit);
        bits &= ((uint64_t)1 << length) - 1;
        if (bits == 0) continue;
        // One byte not a digit, a point, and a digit beside it.
        if ((bits & (bits - 1)) != 0 || length == 1 || text[start + (size_t)__builtin_ctzll(bits)] != '.')
            return index;
    }
    return count;
}

#if !(defined(__x86_64__) && defined(__SSE2__))

size_t simbench_split_plain_row(
    const uint8_t *text, size_t start, size_t end, size_t width, uint32_t *field_starts,
    uint64_t *non_digits, size_t non_digit_words) {
    (void)text, (void)start, (void)end, (void)width, (void)field_starts, (void)non_digits,
        (void)non_digit_words;
    return 0;
}

#endif

void simbench_row_offsets(
    const uint32_t *field_starts, size_t count, uint32_t first, uint16_t *offsets) {
    // A loop the compiler makes eight or sixteen lanes wide.
    for (size_t index = 0; index < count; index++) {
        offsets[index] = (uint16_t)(field_starts[index] - first);
    }
}
