#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU; its headers would pull in a second copy of ICU's types that
// clashes with Foundation's. The importer never uses libxml2's ICU converters.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
