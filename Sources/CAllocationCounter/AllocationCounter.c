#include "CAllocationCounter.h"
int simbench_placeholder(void){return 0;}
