# LF, CRLF and CR line ends mixed in one stream; a bad value's position
# counts a CR alone as a line end (here the bad value is on line 7).
printf 'data: {"author":"a"}\n\ndata: {"author":"b"}\r\n\r\ndata: {"author":"c"}\r\rdata: {"author":}\r\r' |
	adkev partition
