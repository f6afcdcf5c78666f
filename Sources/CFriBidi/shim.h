#include <fribidi.h>

/// FRIBIDI_PAR_ON is a chain of macros Swift cannot import: the paragraph direction from its first strong character.
static inline FriBidiParType choreo_fribidi_paragraph_from_text(void) { return FRIBIDI_PAR_ON; }
