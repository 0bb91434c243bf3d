/* utf8.c -- unit tests of the UTF-8 toolkit (include/wenc/utf8.h). */
#include <wenc/wenc.h>

#include "check.h"

int main(void)
{
    return check_done();
}
