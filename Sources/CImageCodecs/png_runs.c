// The zlib stream of a PNG's IDAT for small images (thumbnails), without zlib's
// deflate: rows filtered "Up", then one dynamic-Huffman deflate block whose only
// matches are runs (distance 1: a byte repeated; distance 3: a pixel repeated). A row
// equal to the one above (most of a thumbnail: background, box interiors) costs a
// memcmp and four tokens. zlib's level 1 spends most of its time on such rows (match
// searching, hashing, window sliding); this encoder does none of that, and the file
// stays small (runs are what chart images are made of).
#include "CImageCodecs.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_BITS = 15, LITERALS = 286, DISTANCES = 30, CODE_LENGTHS = 19, TOKENS = 256 + 256 * 2 };

// Tokens: a literal byte (0..255), or a match: 256 + (length - 3) * 2 + (0: distance 1,
// 1: distance 3).
typedef uint16_t token_t;
#define MATCH(length, far) ((token_t)(256 + ((length) - 3) * 2 + (far)))

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint8_t code_length_order[CODE_LENGTHS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// The length code (0..28, i.e. symbol 257 + it) of each match length 3..258.
static uint8_t length_codes[259];

static pthread_once_t length_codes_filled = PTHREAD_ONCE_INIT;

static void fill_length_codes(void) {
    for (int length = 3; length <= 258; length++) {
        int code = 0;
        while (code < 28 && length_base[code + 1] <= length) code++;
        length_codes[length] = (uint8_t)code;
    }
}

typedef struct {
    unsigned char *bytes;
    size_t count, capacity;
    uint64_t bits;
    int filled;
    int failed;
} bit_writer;

static void writer_reserve(bit_writer *w, size_t more) {
    if (w->failed || w->count + more <= w->capacity) return;
    size_t capacity = w->capacity * 2 + more + 1024;
    unsigned char *grown = realloc(w->bytes, capacity);
    if (!grown) { w->failed = 1; return; }
    w->bytes = grown;
    w->capacity = capacity;
}

/// Appends `count` (≤ 32) bits of `value`, least significant first.
static inline void put_bits(bit_writer *w, uint32_t value, int count) {
    w->bits |= (uint64_t)value << w->filled;
    w->filled += count;
    if (w->filled >= 32) {
        if (w->count + 4 > w->capacity) {
            writer_reserve(w, 4);
            if (w->failed) return;
        }
        uint32_t out = (uint32_t)w->bits;
        w->bytes[w->count++] = (unsigned char)out;
        w->bytes[w->count++] = (unsigned char)(out >> 8);
        w->bytes[w->count++] = (unsigned char)(out >> 16);
        w->bytes[w->count++] = (unsigned char)(out >> 24);
        w->bits >>= 32;
        w->filled -= 32;
    }
}

static void flush_bits(bit_writer *w) {
    while (w->filled > 0) {
        writer_reserve(w, 1);
        if (w->failed) return;
        w->bytes[w->count++] = (unsigned char)w->bits;
        w->bits >>= 8;
        w->filled -= 8;
    }
    w->filled = 0;
    w->bits = 0;
}

/// Sorts the symbols `order[0..<count]` by weight, those of equal weight by symbol (a
/// bottom-up merge sort of weight-and-symbol keys: a few hundred symbols).
static void sort_by_weight(int *order, int count, const uint32_t *weight) {
    uint64_t keys[LITERALS], spare[LITERALS];
    for (int i = 0; i < count; i++) keys[i] = (uint64_t)weight[order[i]] << 16 | (uint64_t)order[i];
    uint64_t *from = keys, *to = spare;
    for (int width = 1; width < count; width *= 2) {
        for (int left = 0; left < count; left += 2 * width) {
            int middle = left + width < count ? left + width : count;
            int right = left + 2 * width < count ? left + 2 * width : count;
            int a = left, b = middle, k = left;
            while (a < middle && b < right) to[k++] = from[a] <= from[b] ? from[a++] : from[b++];
            while (a < middle) to[k++] = from[a++];
            while (b < right) to[k++] = from[b++];
        }
        uint64_t *swap = from; from = to; to = swap;
    }
    for (int i = 0; i < count; i++) order[i] = (int)(from[i] & 0xFFFF);
}

/// Huffman code lengths for `count` symbols of frequencies `freq`, none longer than
/// `limit` (frequencies are halved until the tree is shallow enough). Unused symbols get
/// length 0; when fewer than two are used, two get length 1 (a complete code, which every
/// inflater accepts).
static void code_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
    uint32_t weight[LITERALS];
    for (int i = 0; i < count; i++) weight[i] = freq[i];
    for (;;) {
        // Nodes: leaves 0..count-1, internal nodes after; two-queue construction over
        // leaves sorted by weight.
        int order[LITERALS], used = 0;
        for (int i = 0; i < count; i++) if (weight[i]) order[used++] = i;
        memset(lengths, 0, (size_t)count);
        if (used < 2) {
            int first = used == 1 ? order[0] : 0;
            lengths[first] = 1;
            lengths[first == 0 ? 1 : 0] = 1;
            return;
        }
        sort_by_weight(order, used, weight);
        uint64_t node_weight[2 * LITERALS];
        int parent[2 * LITERALS];
        for (int i = 0; i < used; i++) node_weight[i] = weight[order[i]];
        int next_leaf = 0, next_internal = used, made = used;
        for (int k = 0; k < used - 1; k++) {
            int pick[2];
            for (int p = 0; p < 2; p++) {
                if (next_leaf < used && (next_internal >= made || node_weight[next_leaf] <= node_weight[next_internal]))
                    pick[p] = next_leaf++;
                else
                    pick[p] = next_internal++;
            }
            node_weight[made] = node_weight[pick[0]] + node_weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = made;
            made++;
        }
        int depth[2 * LITERALS];
        depth[made - 1] = 0;
        int deepest = 0;
        for (int n = made - 2; n >= 0; n--) {
            depth[n] = depth[parent[n]] + 1;
            if (n < used && depth[n] > deepest) deepest = depth[n];
        }
        if (deepest <= limit) {
            for (int i = 0; i < used; i++) lengths[order[i]] = (uint8_t)depth[i];
            return;
        }
        for (int i = 0; i < count; i++) if (weight[i]) weight[i] = (weight[i] + 1) / 2;
    }
}

/// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    int bl_count[MAX_BITS + 1] = {0}, next_code[MAX_BITS + 2] = {0};
    for (int i = 0; i < count; i++) bl_count[lengths[i]]++;
    bl_count[0] = 0;
    int code = 0;
    for (int bits = 1; bits <= MAX_BITS; bits++) {
        code = (code + bl_count[bits - 1]) << 1;
        next_code[bits] = code;
    }
    for (int i = 0; i < count; i++) {
        int length = lengths[i];
        if (!length) { codes[i] = 0; continue; }
        int c = next_code[length]++, reversed = 0;
#if defined(__has_builtin) && __has_builtin(__builtin_bitreverse16)
        reversed = __builtin_bitreverse16((uint16_t)c) >> (16 - length);
#else
        for (int b = 0; b < length; b++) reversed |= ((c >> b) & 1) << (length - 1 - b);
#endif
        codes[i] = (uint16_t)reversed;
    }
}

/// How many bytes from `p` (at most `limit`) equal the bytes `distance` before them: the
/// length of a match at that distance. Eight bytes are compared at a time (the first
/// differing byte found from the XOR of two words), then the rest one by one.
static inline size_t match_length(const unsigned char *p, size_t distance, size_t limit) {
    size_t n = 0;
    while (n + 8 <= limit) {
        uint64_t here, back;
        memcpy(&here, p + n, 8);
        memcpy(&back, p + n - distance, 8);
        uint64_t differ = here ^ back;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        if (differ) return n + (size_t)(__builtin_clzll(differ) >> 3);  // the first byte is the highest
#else
        if (differ) return n + (size_t)(__builtin_ctzll(differ) >> 3);  // the first byte is the lowest
#endif
        n += 8;
    }
    const unsigned char *back = p - distance;  // (p[n - distance] would wrap n - distance when n < distance)
    while (n < limit && p[n] == back[n]) n++;
    return n;
}

/// Writes the "Up"-filtered red, green and blue bytes of RGB24 `pixel` under `up` at `out`
/// and adds them to the running Adler-32 sums.
static inline void filter_pixel(unsigned char *out, uint32_t pixel, uint32_t up, uint64_t *sum, uint64_t *sums) {
    out[0] = (unsigned char)((pixel >> 16) - (up >> 16));
    out[1] = (unsigned char)((pixel >> 8) - (up >> 8));
    out[2] = (unsigned char)(pixel - up);
    for (int c = 0; c < 3; c++) {
        *sum += out[c];
        *sums += *sum;
    }
}

/// Appends the tokens of bytes [start, end) of `stream`: runs of at least three bytes
/// that repeat the byte (distance 1) or pixel (distance 3) before them become matches.
/// The bytes before `start` may be referred to only when `hasHistory` (else they are not
/// part of the zlib stream: the image's first row).
static size_t tokenize(const unsigned char *stream, size_t start, size_t end, int hasHistory, token_t *tokens, size_t count) {
    size_t i = start;
    while (i < end) {
        // Most bytes that are not zero repeat neither the byte nor the pixel before them:
        // such a byte is a literal at once (the three bytes before `start` are in the
        // window whether or not they are history).
        unsigned char byte = stream[i];
        if ((byte != stream[i - 1] && byte != stream[i - 3]) || end - i < 3) {
            tokens[count++] = byte;
            i++;
            continue;
        }
        size_t limit = end - i < 258 ? end - i : 258;
        size_t run1 = 0, run3 = 0;
        // A run is at least three bytes: where the next three do not repeat, the byte is a
        // literal without measuring either run (most of the bytes that are not zero).
        const unsigned char *p = stream + i;
        if (limit >= 3) {
            if ((hasHistory || i >= start + 1) && p[0] == p[-1] && p[1] == p[-1] && p[2] == p[-1]) run1 = match_length(p, 1, limit);
            if ((hasHistory || i >= start + 3) && run1 < limit && p[0] == p[-3] && p[1] == p[-2] && p[2] == p[-1])
                run3 = match_length(p, 3, limit);
        }
        if (run1 >= 3 && run1 >= run3) {
            tokens[count++] = MATCH(run1, 0);
            i += run1;
        } else if (run3 >= 3) {
            tokens[count++] = MATCH(run3, 1);
            i += run3;
        } else {
            tokens[count++] = stream[i++];
        }
    }
    return count;
}

int CImageCodecs_png_runs_idat(const unsigned char *pixels, int width, int height, int stride, unsigned char **bytes, size_t *count) {
    *bytes = NULL;
    *count = 0;
    if (width <= 0 || height <= 0 || width > (1 << 22)) return -1;  // rows of at most 2^24 bytes (see the Adler-32 sums)
    pthread_once(&length_codes_filled, fill_length_codes);  // encoders run on many threads at once
    size_t row_bytes = (size_t)width * 3 + 1, total = row_bytes * (size_t)height;
    // The filtered row, after the last three bytes of the stream before it (runs may
    // start from them).
    unsigned char *window = malloc(row_bytes + 3);
    token_t *tokens = malloc(total * sizeof(token_t) + 16);
    if (!window || !tokens) { free(window); free(tokens); return -1; }
    memset(window, 0, 3);
    size_t token_count = 0;
    uint32_t a = 1, b = 0;  // Adler-32 of the stream, runs of zeros added arithmetically
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(pixels + (size_t)y * (size_t)stride);
        const uint32_t *above = y > 0 ? (const uint32_t *)(const void *)(pixels + (size_t)(y - 1) * (size_t)stride) : NULL;
        unsigned char *out = window + 3;
        if (above && memcmp(row, above, (size_t)width * 4) == 0) {
            window[0] = window[1] = window[2] = 0;  // the row's last three bytes
            // The filter byte, one zero, then the rest as runs of that zero.
            tokens[token_count++] = 2;
            tokens[token_count++] = 0;
            size_t left = row_bytes - 2;
            while (left >= 3) {
                size_t run = left > 258 ? 258 : left;
                if (left - run > 0 && left - run < 3) run = left - 3;  // never leave one or two bytes
                tokens[token_count++] = MATCH(run, 0);
                left -= run;
            }
            while (left--) tokens[token_count++] = 0;
            a = (a + 2) % 65521;
            b = (uint32_t)((b + (uint64_t)a * row_bytes) % 65521);  // the filter byte and the zeros each add a
            continue;
        }
        out[0] = 2;  // Up
        // The row's Adler-32 is summed as it is filtered, reduced once at the row's end:
        // a zero byte adds `sum` to `sums` and nothing to `sum`, so a run of them is one
        // multiplication (a row of at most 2^24 bytes keeps both far inside 64 bits).
        uint64_t sum = a + 2, sums = b + sum;
        int x = 0;
        if (above) {
            // Most pixels of a chart's row repeat the pixel above (box insides, the
            // background between lines): two such pixels are six zero bytes.
            for (; x + 2 <= width; x += 2) {
                uint64_t here, over;
                memcpy(&here, row + x, 8);
                memcpy(&over, above + x, 8);
                if (((here ^ over) & 0x00FFFFFF00FFFFFFull) == 0) {
                    memset(out + 3 * x + 1, 0, 6);
                    sums += 6 * sum;
                    continue;
                }
                filter_pixel(out + 3 * x + 1, row[x], above[x], &sum, &sums);
                filter_pixel(out + 3 * x + 4, row[x + 1], above[x + 1], &sum, &sums);
            }
        }
        for (; x < width; x++) filter_pixel(out + 3 * x + 1, row[x], above ? above[x] : 0, &sum, &sums);
        a = (uint32_t)(sum % 65521);
        b = (uint32_t)(sums % 65521);
        token_count = tokenize(window, 3, row_bytes + 3, y > 0, tokens, token_count);
        memcpy(window, window + row_bytes, 3);
    }
    free(window);

    // How often each token occurs (one table lookup a token), then each symbol.
    uint32_t token_freq[TOKENS] = {0};
    for (size_t t = 0; t < token_count; t++) token_freq[tokens[t]]++;
    uint32_t literal_freq[LITERALS] = {0}, distance_freq[DISTANCES] = {0};
    for (int token = 0; token < 256; token++) literal_freq[token] = token_freq[token];
    for (int token = 256; token < TOKENS; token++) {
        literal_freq[257 + length_codes[3 + (token - 256) / 2]] += token_freq[token];
        distance_freq[(token & 1) * 2] += token_freq[token];
    }
    literal_freq[256] = 1;  // end of block
    uint8_t literal_lengths[LITERALS], distance_lengths[DISTANCES];
    uint16_t literal_codes[LITERALS], distance_codes[DISTANCES];
    code_lengths(literal_freq, LITERALS, MAX_BITS, literal_lengths);
    code_lengths(distance_freq, DISTANCES, MAX_BITS, distance_lengths);
    canonical_codes(literal_lengths, LITERALS, literal_codes);
    canonical_codes(distance_lengths, DISTANCES, distance_codes);

    int hlit = LITERALS, hdist = DISTANCES;
    while (hlit > 257 && literal_lengths[hlit - 1] == 0) hlit--;
    while (hdist > 1 && distance_lengths[hdist - 1] == 0) hdist--;
    // Both code length sequences, run-length coded with symbols 16 (repeat the last length
    // 3-6 times), 17 (3-10 zeros) and 18 (11-138 zeros).
    uint8_t all[LITERALS + DISTANCES];
    memcpy(all, literal_lengths, (size_t)hlit);
    memcpy(all + hlit, distance_lengths, (size_t)hdist);
    int all_count = hlit + hdist;
    uint16_t cl_symbols[LITERALS + DISTANCES];  // symbol | extra value << 8
    int cl_count = 0;
    uint32_t cl_freq[CODE_LENGTHS] = {0};
    for (int i = 0; i < all_count;) {
        int length = all[i], run = 1;
        while (i + run < all_count && all[i + run] == length) run++;
        if (length == 0 && run >= 3) {
            int take = run > 138 ? 138 : run;
            if (take >= 11) { cl_symbols[cl_count++] = (uint16_t)(18 | (take - 11) << 8); cl_freq[18]++; }
            else { cl_symbols[cl_count++] = (uint16_t)(17 | (take - 3) << 8); cl_freq[17]++; }
            i += take;
        } else if (length != 0 && run >= 4) {
            cl_symbols[cl_count++] = (uint16_t)length;
            cl_freq[length]++;
            int take = run - 1 > 6 ? 6 : run - 1;
            cl_symbols[cl_count++] = (uint16_t)(16 | (take - 3) << 8);
            cl_freq[16]++;
            i += 1 + take;
        } else {
            cl_symbols[cl_count++] = (uint16_t)length;
            cl_freq[length]++;
            i++;
        }
    }
    uint8_t cl_lengths[CODE_LENGTHS];
    uint16_t cl_codes[CODE_LENGTHS];
    code_lengths(cl_freq, CODE_LENGTHS, 7, cl_lengths);
    canonical_codes(cl_lengths, CODE_LENGTHS, cl_codes);
    int hclen = CODE_LENGTHS;
    while (hclen > 4 && cl_lengths[code_length_order[hclen - 1]] == 0) hclen--;

    bit_writer w = {0};
    // The header and code length tables (under 400 bytes), then at most 21 bits a token
    // (below): room for all of it at once.
    writer_reserve(&w, token_count * 3 + 1024);
    if (w.failed) { free(tokens); return -1; }
    w.bytes[w.count++] = 0x78;  // zlib header: deflate, 32 KiB window, fastest
    w.bytes[w.count++] = 0x01;
    put_bits(&w, 1, 1);  // final block
    put_bits(&w, 2, 2);  // dynamic Huffman codes
    put_bits(&w, (uint32_t)(hlit - 257), 5);
    put_bits(&w, (uint32_t)(hdist - 1), 5);
    put_bits(&w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(&w, cl_lengths[code_length_order[i]], 3);
    for (int i = 0; i < cl_count; i++) {
        int symbol = cl_symbols[i] & 0xFF, extra = cl_symbols[i] >> 8;
        put_bits(&w, cl_codes[symbol], cl_lengths[symbol]);
        if (symbol == 16) put_bits(&w, (uint32_t)extra, 2);
        else if (symbol == 17) put_bits(&w, (uint32_t)extra, 3);
        else if (symbol == 18) put_bits(&w, (uint32_t)extra, 7);
    }
    // Each token's bits (its symbol's code, a match's extra bits and distance code) as one
    // value: the count in the top byte, the bits below. Only distances 1 and 3 are coded,
    // so their codes are one bit long, and a token is at most 15 + 5 + 1 bits.
    uint32_t token_bits[TOKENS];
    for (int token = 0; token < TOKENS; token++) {
        if (!token_freq[token]) continue;
        if (token < 256) {
            token_bits[token] = (uint32_t)literal_lengths[token] << 24 | literal_codes[token];
            continue;
        }
        int length = 3 + (token - 256) / 2, code = length_codes[length], distance = (token & 1) * 2;
        uint32_t bits = literal_codes[257 + code];
        int count = literal_lengths[257 + code];
        bits |= (uint32_t)(length - length_base[code]) << count;
        count += length_extra[code];
        bits |= (uint32_t)distance_codes[distance] << count;
        count += distance_lengths[distance];
        token_bits[token] = (uint32_t)count << 24 | bits;
    }
    for (size_t t = 0; t < token_count; t++) {
        uint32_t bits = token_bits[tokens[t]];
        put_bits(&w, bits & 0xFFFFFF, (int)(bits >> 24));
    }
    put_bits(&w, literal_codes[256], literal_lengths[256]);
    flush_bits(&w);
    free(tokens);
    writer_reserve(&w, 4);
    if (w.failed) { free(w.bytes); return -1; }
    w.bytes[w.count++] = (unsigned char)(b >> 8);
    w.bytes[w.count++] = (unsigned char)b;
    w.bytes[w.count++] = (unsigned char)(a >> 8);
    w.bytes[w.count++] = (unsigned char)a;
    *bytes = w.bytes;
    *count = w.count;
    return 0;
}
