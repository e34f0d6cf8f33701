/* Where ZBar's time goes on a screen: one scan of the whole image per row of the table, with
 * some decoders on and at some density, timed in this process (no PNG decoding).
 *
 *   convert bench/out/speed/dense-1920x1080.png -colorspace gray -depth 8 gray:/tmp/screen.gray
 *   cc -O2 bench/zbar_decoders.c -lzbar -o /tmp/zbar_decoders
 *   /tmp/zbar_decoders /tmp/screen.gray 1920 1080 [runs]
 *
 * Prints the median of `runs` (default 5) per row, in ms. Needs libzbar-dev.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <zbar.h>

static const zbar_symbol_type_t linear[] = {
    ZBAR_EAN13, ZBAR_EAN8, ZBAR_UPCA, ZBAR_UPCE, ZBAR_I25, ZBAR_DATABAR, ZBAR_DATABAR_EXP,
    ZBAR_CODABAR, ZBAR_CODE39, ZBAR_CODE93, ZBAR_CODE128,
};
enum decoders { NONE, QR, LINEAR, ALL };

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double timed_scan(unsigned char *pixels, int width, int height, enum decoders which, int density) {
    double start = now_ms();
    zbar_image_scanner_t *scanner = zbar_image_scanner_create();
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, which == ALL);
    if (which == ALL) {
        zbar_image_scanner_set_config(scanner, ZBAR_ISBN10, ZBAR_CFG_ENABLE, 0);
        zbar_image_scanner_set_config(scanner, ZBAR_ISBN13, ZBAR_CFG_ENABLE, 0);
    }
    if (which == QR)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
    if (which == LINEAR)
        for (size_t i = 0; i < sizeof linear / sizeof *linear; i++)
            zbar_image_scanner_set_config(scanner, linear[i], ZBAR_CFG_ENABLE, 1);
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, density);
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, density);
    zbar_image_t *image = zbar_image_create();
    zbar_image_set_format(image, zbar_fourcc('Y', '8', '0', '0'));
    zbar_image_set_size(image, width, height);
    zbar_image_set_data(image, pixels, (unsigned long)width * height, NULL);
    zbar_scan_image(scanner, image);
    zbar_image_destroy(image);
    zbar_image_scanner_destroy(scanner);
    return now_ms() - start;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s GRAY8-FILE WIDTH HEIGHT [RUNS]\n", argv[0]);
        return 2;
    }
    int width = atoi(argv[2]), height = atoi(argv[3]), runs = argc > 4 ? atoi(argv[4]) : 5;
    if (width <= 0 || height <= 0 || runs <= 0 || runs > 100) {
        fprintf(stderr, "%s: bad size or run count\n", argv[0]);
        return 2;
    }
    unsigned char *pixels = malloc((size_t)width * height);
    FILE *file = fopen(argv[1], "rb");
    size_t got = pixels && file ? fread(pixels, 1, (size_t)width * height, file) : 0;
    if (file) fclose(file);
    if (got != (size_t)width * height) {
        fprintf(stderr, "%s: cannot read %d x %d gray pixels from %s\n", argv[0], width, height, argv[1]);
        return 1;
    }
    static const struct { const char *name; enum decoders which; int density; } rows[] = {
        {"everything, every line", ALL, 1},     {"no decoder, every line", NONE, 1},
        {"QR only, every line", QR, 1},         {"linear only, every line", LINEAR, 1},
        {"linear only, every 2nd line", LINEAR, 2}, {"linear only, every 3rd line", LINEAR, 3},
        {"linear only, every 4th line", LINEAR, 4},
    };
    double times[100];
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
        for (int i = 0; i < runs; i++) times[i] = timed_scan(pixels, width, height, rows[r].which, rows[r].density);
        qsort(times, runs, sizeof *times, by_value);
        printf("%-30s %7.1f ms\n", rows[r].name, times[runs / 2]);
    }
    free(pixels);
    return 0;
}
