#ifndef FSQ_CLIBXML2_SHIM_H
#define FSQ_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU; its headers then clash with Foundation's ICU copy.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlschemastypes.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

// Swift 6 rejects the global C function pointer `xmlFree`; call it through here.
static inline void fsq_xmlFree(void *ptr) { xmlFree(ptr); }

static inline const char *fsq_xmlParserVersion(void) { return xmlParserVersion; }

#endif
