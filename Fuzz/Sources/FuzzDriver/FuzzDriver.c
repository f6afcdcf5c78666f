#include <stddef.h>
#include <stdint.h>

// SwiftPM links every executable target with `--defsym main=<Module>_main`, so libFuzzer's own
// `main` is never used. This supplies `FuzzChoreo_main`, `FuzzLanguageServer_main`, `FuzzSVGImport_main`, `FuzzMCP_main` and `FuzzLottieImport_main` and hands
// control to libFuzzer's driver, which then calls the executable's Swift entry point
// `LLVMFuzzerTestOneInput` (FuzzChoreo.swift, FuzzLanguageServer.swift, FuzzSVGImport.swift, FuzzMCP.swift, FuzzLottieImport.swift): each executable links
// one of them.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int FuzzChoreo_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int FuzzLanguageServer_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int FuzzSVGImport_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int FuzzMCP_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int FuzzLottieImport_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

// What Swift allocates once for a global (`static let`, under `swift_once`) lives as long as the
// process, but the pointers to it can sit in enum payloads with spare bits set, where
// LeakSanitizer does not recognise them; it is never a leak of an input's run.
const char *__lsan_default_suppressions(void) {
    return "leak:swift::threading_impl::once_slow\n";
}
