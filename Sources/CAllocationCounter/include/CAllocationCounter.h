int simbench_placeholder(void);
