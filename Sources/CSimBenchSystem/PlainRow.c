#include "SimBenchPlainRow.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

size_t simbench_split_plain_row(
    const uint8_t *text, size_t start, size_t end, size_t width, uint32_t *field_starts,
    uint64_t *non_digits, size_t non_digit_words) {
    const __m128i commas = _mm_set1_epi8(',');
    const __m128i line_feeds = _mm_set1_epi8('\n');
    const __m128i carriage_returns = _mm_set1_epi8('\r');
    const __m128i quotes = _mm_set1_epi8('"');
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i below_zero = _mm_set1_epi8('0' - 1);
    const __m128i above_nine = _mm_set1_epi8('9' + 1);
    // Bits of a row past this many bytes have no word to go to.
    const size_t limit = non_digit_words * 64 >= 16 ? non_digit_words * 64 - 16 : 0;
    size_t field = 0;
    size_t field_start = start;
    // The next byte not yet read, and whether it is inside a quoted field.
    size_t next = start;
    int quoted = 0;
    field_starts[0] = (uint32_t)start;
    // Blocks of sixteen bytes from the row's start, each one's bits at a multiple of 16.
    for (size_t at = start; at + 16 <= end; at += 16) {
        size_t offset = at - start;
        if (offset > limit) return 0;
        __m128i bytes = _mm_loadu_si128((const __m128i *)(text + at));
        unsigned digit = (unsigned)_mm_movemask_epi8(_mm_and_si128(
            _mm_cmpgt_epi8(bytes, below_zero), _mm_cmplt_epi8(bytes, above_nine)));
        uint64_t non_digit = (uint64_t)(~digit & 0xFFFFu) << (offset & 63);
        if ((offset & 63) == 0) non_digits[offset >> 6] = non_digit;
        else non_digits[offset >> 6] |= non_digit;
        unsigned comma = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, commas));
        unsigned quote = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quotes));
        unsigned line_feed = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, line_feeds));
        // Signed: a byte above 0x7F is negative, below the space as a control byte is.
        unsigned control = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(bytes, space));
        unsigned carriage_return =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, carriage_returns));
        unsigned other = control & ~line_feed & ~carriage_return;
        unsigned stops = quote | line_feed | carriage_return | other;
        if (!quoted && next <= at && stops == 0) {
            // The common block: text and commas only.
            while (comma != 0) {
                field += 1;
                if (field >= width) return 0;
                field_start = at + (size_t)__builtin_ctz(comma) + 1;
                field_starts[field] = (uint32_t)field_start;
                comma &= comma - 1;
            }
            next = at + 16;
            continue;
        }
        for (;;) {
            // The bits of the bytes from `next` on, within this block.
            unsigned from = next > at ? (unsigned)(0xFFFFu << (next - at)) & 0xFFFFu : 0xFFFFu;
            if (quoted) {
                // Inside quotes: text up to the closing quote, no line break, control byte
                // or byte above ASCII (each left to the Swift splitter).
                unsigned closing = quote & from;
                unsigned before = closing ? (closing & (0u - closing)) - 1 : 0xFFFFu;
                if ((control & from & before) != 0) return 0;
                if (closing == 0) break;
                size_t close = at + (size_t)__builtin_ctz(closing);
                // After it, a comma or the line feed; a doubled quote is the Swift
                // splitter's to read.
                if (close + 1 >= end) return 0;
                uint8_t after = text[close + 1];
                if (after != ',' && after != '\n' && after != '\r') return 0;
                quoted = 0;
                next = close + 1;
                continue;
            }
            unsigned events = (comma | quote | line_feed | carriage_return | other) & from;
            if (events == 0) break;
            size_t here = at + (size_t)__builtin_ctz(events);
            uint8_t byte = text[here];
            if (byte == ',') {
                field += 1;
                if (field >= width) return 0;
                field_start = here + 1;
                field_starts[field] = (uint32_t)field_start;
                next = here + 1;
            } else if (byte == '"') {
                // Quoted only from the field's first byte.
                if (here != field_start) return 0;
                quoted = 1;
                next = here + 1;
            } else if (byte == '\n') {
                // A blank line, or too few fields: the Swift splitter says which.
                if (here == start || field + 1 != width) return 0;
                field_starts[width] = (uint32_t)(here + 1);
                return here + 1;
            } else if (byte == '\r') {
                // A line break of CR LF (as simbench writes): its CR ends the last field.
                if (here + 1 >= end || text[here + 1] != '\n') return 0;
                if (here == start || field + 1 != width) return 0;
                field_starts[width] = (uint32_t)(here + 1);
                return here + 2;
            } else {
                return 0;
            }
            if (next >= at + 16) break;
        }
    }
    return 0;
}

#else

size_t simbench_split_plain_row(
    const uint8_t *text, size_t start, size_t end, size_t width, uint32_t *field_starts,
    uint64_t *non_digits, size_t non_digit_words) {
    (void)text, (void)start, (void)end, (void)width, (void)field_starts, (void)non_digits,
        (void)non_digit_words;
    return 0;
}

#endif
