package s3test

import "syscall"

// procAttr has the kernel kill the server when the test process dies
// before its cleanup runs (a test binary's timeout, say).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
