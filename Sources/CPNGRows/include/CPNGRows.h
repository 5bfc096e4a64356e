#ifndef CELLSIM_CPNGROWS_H
#define CELLSIM_CPNGROWS_H
int cpngrows_placeholder(void);
#endif
