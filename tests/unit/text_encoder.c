#include "check.h"
#include "wenc/wenc.h"
int main(void) { return check_done(); }
